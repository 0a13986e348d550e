import { describe, expect, it } from 'vitest';
import {
  type CrossFeatureAllowList,
  consoleLogFindings,
  disallowedFeatureImports,
  featureCycleFindings,
  featureCycles,
  featureImports,
  fileNameFindings,
  floatMoneyFindings,
  IMPORT_RULES,
  importCycles,
  importRuleFindings,
  importsOf,
  type KnownFeatureCycle,
  type LongFile,
  lineCounts,
  longFileFindings,
  longFilesToday,
  machinePathFindings,
  readTree,
  type SharedFeatures,
  staleAllowances,
} from './tidy-helpers';

/**
 * Style as a test: the rings' import directions, file naming, and the habits we keep. A failure here
 * names the file and the rule it breaks. The checks themselves are pure functions in tidy-helpers.ts
 * over the tree read here once, and tidy-helpers.test.ts shows each of them failing on a made-up tree.
 */
const tree = readTree(['apps', 'packages', 'bench', 'e2e']);
// One scan of every import (static, dynamic, require; relative ones resolved); every import check reads it.
const found = importsOf(tree);

describe('tidy', () => {
  it.each(IMPORT_RULES.map((rule) => [rule.rule, rule] as const))(
    'keeps imports pointing one way: %s',
    (_, rule) => {
      expect(importRuleFindings(found, [rule])).toEqual([]);
    },
  );

  it('names files in kebab-case', () => {
    expect(fileNameFindings(tree.keys())).toEqual([]);
  });

  it('keeps console.log out of server and domain code', () => {
    expect(consoleLogFindings(tree)).toEqual([]);
  });

  it('does no float arithmetic on money: no parseFloat or Number() of amounts in server and domain code', () => {
    expect(floatMoneyFindings(tree)).toEqual([]);
  });

  it('writes no path of this machine into the repository', () => {
    expect(machinePathFindings(tree)).toEqual([]);
  });
});

/**
 * Files allowed past 300 lines, each at most its recorded count, and why it is long ('to split' when
 * nothing but time keeps it whole). The ratchet only tightens: a new long file fails, a listed file
 * that grows fails, and one that shrank fails until its entry is lowered or removed. Tests, test
 * support and the tables in NOT_COUNTED are not counted.
 */
const LONG_FILES: Readonly<Record<string, LongFile>> = {
  'bench/engine.ts': { lines: 469, why: 'to split' },
  'packages/domain/src/matching/order-book.ts': { lines: 469, why: 'to split' },
  'bench/http.ts': { lines: 467, why: 'to split' },
  'apps/server/src/app.ts': { lines: 355, why: 'the composition root: every scope wired by hand' },
};

/** Features every other feature on their side may import without an allow-list entry, and why. */
const SHARED_FEATURES: SharedFeatures = {
  'web:session': "The signed-in session is the web's shared state: every screen may read it.",
};

/**
 * Which feature may import which other one, and why: a feature reads another's public pieces only where
 * the product needs it; anything else goes through the composition root (app.ts, main.ts). A feature
 * with no entry may import no other feature. An entry no import uses any more fails the stale check.
 */
const CROSS_FEATURE_IMPORTS: CrossFeatureAllowList = {
  'server:admin-ops': {
    ledger: "the solvency page runs the ledger check over the hold sources; the house's user is no customer",
  },
  'server:admin-users': {
    audit: 'disabling an account is written to the audit log',
  },
  'server:account-security': {
    accounts:
      'two-factor enrolment, sessions and the phrase read and lock the user, prove the second factor and mail the change through the accounts kernel',
    audit: "turning an admin's two-factor sign-in on or off is written to the audit log",
  },
  'server:api-keys': {
    accounts:
      "creating a key proves the owner's second factor and mails the security change; security events revoke keys through its ApiKeyRevocation",
  },
  'server:auth': {
    accounts:
      'log-in proves the second factor, a password change or reset ends sign-ins and mails the change, through the accounts kernel',
    uploads: "a profile picture must be the user's own upload",
  },
  'server:binance-api': {
    'api-keys': 'every signed request is authenticated by the API key feature',
    outflow: 'an open debt refuses a sell placed by API, as on the web (issue 35)',
    'market-data': "klines and tickers are folded from the market data feature's stored candles",
    trading: "orders placed by API run the trading feature's engine, ledger and group commit",
  },
  'server:chain-deposits': {
    ledger:
      "a chain deposit is credited in the ledger with its history row, and told on the ledger's private user channel",
  },
  'server:chain-sender': {
    ledger:
      "the gas each sent transaction paid is booked in the ledger (network fees against the chain's custody)",
  },
  'server:custody': {
    ledger:
      "the reconciliation reads each chain's custody account, and the house's float in the hot wallet is booked in the ledger",
  },
  'server:debts': {
    audit: 'settling a debt is written to the audit log',
    ledger: 'a settlement locks the USD balance and posts its entry and history row',
    outflow: 'the restrictions answer counts the deposits still on hold as the outflow gate counts them',
  },
  'server:deposits': {
    ledger: 'a deposit is credited, and reversed, in the ledger',
  },
  'server:housekeeping': {
    uploads:
      "an upload no profile or KYC record names is pruned: its file lives under the uploads' storage key",
  },
  'server:kyc': {
    audit: 'every admin decision on KYC is written to the audit log',
    uploads: "KYC documents must be the user's own uploads",
  },
  'server:nft': {
    audit: 'creating, hiding or showing an NFT is written to the audit log',
    accounts: 'sending a token to the owner’s wallet proves the second factor, as a coin withdrawal does',
    outflow: 'an open debt refuses an NFT purchase or a send out; a resale pays another customer (issue 40)',
    ledger: 'a sale posts its entry: the price from the buyer to the house or the seller, the fee to revenue',
    uploads: "an NFT's image goes through the upload pipeline and is served from its storage",
    withdrawals:
      "a token sent out passes the coin withdrawals' outflow rules: their refusals, daily limit count and address book (issue 43)",
  },
  'server:outflow': {
    ledger: "the deposit hold weighs a move against the wallet's value, read from the ledger's balances",
  },
  'server:p2p': {
    outflow: 'an open debt, or the deposit hold, refuses a transfer (issue 35)',
    ledger: 'a transfer posts its entries and its wallet history rows',
  },
  'server:referrals': {
    ledger: 'a referral reward is posted to the ledger',
  },
  'server:staking': {
    ledger: 'a stake moves money in the ledger, and staked amounts are one of its hold sources',
  },
  'server:support': {
    audit: "an admin's answer or status change is written to the audit log",
  },
  'server:swap': {
    outflow: 'an open debt refuses a swap or a MULTI purchase (issue 35)',
    ledger:
      "a swap posts its entries and quotes against the balances; it moves the house's position, so it meets the house exposure cap",
  },
  'server:trading': {
    outflow: 'an open debt refuses a sell, instant or limit (issue 35)',
    ledger:
      "orders settle in the ledger, the house's inventory is read from it, open orders are a hold source",
  },
  'server:wallet': {
    ledger: "the wallet shows the ledger's balances per coin",
  },
  'server:withdrawals': {
    audit: 'every admin decision on a withdrawal is written to the audit log',
    accounts: "a request or a new address proves the owner's second factor, whose state the terms show",
    outflow: 'an open debt, or the deposit hold, refuses a withdrawal (issue 35)',
    ledger: 'a withdrawal is held, paid out or refunded in the ledger, and is one of its hold sources',
  },
  'web:admin': {
    kyc: "users are shown with KYC's avatar; the KYC review screens use its API and decision dialogs",
    market: "the admin dashboard shows the market feature's Top Cryptocurrencies",
    security: "the admin's own two-factor tab is the Security page's two-factor section",
  },
  'web:chain-deposits': {
    kyc: 'the coin deposit card asks KYC how to tell the user to complete or wait for it',
  },
  'web:dashboard': {
    restrictions: 'the dashboard tells a restricted customer why (an open debt)',
    kyc: 'the dashboard asks KYC how to tell the user to complete or wait for it',
    market: 'the dashboard shows the top markets',
  },
  'web:history': {
    referral: "the history's referral tab is the referral feature's table",
    stake: 'the stakes tab lists and acts on stakes through the stake API',
    trading: 'the orders tab lists and cancels orders through the trading API',
    'chain-deposits': "the Deposits tab is the coin deposits feature's table (issue 37)",
    withdrawals: "the Withdrawals tab is the withdrawals feature's list, with its cancel (issue 38)",
  },
  'web:landing': {
    market: 'the landing page shows the markets and quotes a conversion',
  },
  'web:multicoin': {
    swap: "Buy MultiCoin is the swap feature's form of kind 'multi', at its quote",
  },
  'web:p2p': {
    kyc: "a user without KYC gets KYC's Complete-KYC link instead of Transfer",
  },
  'web:security': {
    withdrawals:
      'the Security page shows the withdrawal address book, which the withdraw dialog picks from (issue 38)',
  },
  'web:stake': {
    kyc: "a user without KYC gets KYC's Complete-KYC link instead of the stake options",
  },
  'web:swap': {
    kyc: "a user without KYC gets KYC's Complete-KYC link instead of Swap or Buy",
  },
  'web:trading': {
    kyc: 'the order form asks KYC whether the user may trade',
    market: "the trading screen shows the market feature's list, chart, book and trades beside the form",
  },
  'web:wallet': {
    restrictions: 'the wallet tells a restricted customer why (an open debt)',
    kyc: 'the wallet links to KYC when the user must complete it',
    'chain-deposits': 'the wallet shows the coin deposit card, with its recent deposits (issue 37)',
    withdrawals: "the wallet's balances open the withdrawals feature's USD and coin withdraw dialogs",
  },
  'web:withdrawals': {
    'chain-deposits': "a coin's network is named as the deposit networks name it (issue 38)",
  },
};

/**
 * Feature cycles not broken yet, each with why it is tolerated for now. An entry whose cycle is gone
 * fails the check, so the list cannot outlive the cycles it excuses.
 */
const KNOWN_FEATURE_CYCLES: readonly KnownFeatureCycle[] = [];

/** Files the long-file rule does not count, and why: tables, whose length is their data. */
const NOT_COUNTED: Readonly<Record<string, string>> = {
  'packages/contracts/src/country-codes.ts': 'the ISO country codes, one per line',
};

describe('tidy: structure', () => {
  const crossFeature = featureImports(found);

  it('allows cross-feature imports only from the allow-list', () => {
    expect(disallowedFeatureImports(crossFeature, CROSS_FEATURE_IMPORTS, SHARED_FEATURES)).toEqual([]);
  });

  it('keeps the allow-list to imports that exist, each with its reason', () => {
    expect(staleAllowances(crossFeature, CROSS_FEATURE_IMPORTS, SHARED_FEATURES)).toEqual([]);
  });

  it('has no cycles between features, server and web each (bar the known ones, which must still exist)', () => {
    expect(featureCycleFindings(featureCycles(crossFeature), KNOWN_FEATURE_CYCLES)).toEqual([]);
  });

  it('has no import cycles between files, type imports included', () => {
    expect(importCycles(found)).toEqual([]);
  });

  it('keeps files within 300 lines, or within their LONG_FILES count (usually two ideas in one file)', () => {
    const counts = lineCounts(tree, NOT_COUNTED);
    expect(
      longFileFindings(counts, LONG_FILES),
      `LONG_FILES as today's tree has it (new files 'to split' until someone says why):\n${longFilesToday(counts, LONG_FILES)}\n`,
    ).toEqual([]);
  });
});
