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
  sharedFeatureEscapes,
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
  'packages/domain/src/matching/order-book.ts': { lines: 409, why: 'to split' },
  'bench/http.ts': { lines: 467, why: 'to split' },
  'apps/server/src/app.ts': { lines: 385, why: 'the composition root: every scope wired by hand' },
  'apps/server/src/config-reference.ts': {
    lines: 301,
    why: 'to split: the sentences apart from the rendering',
  },
};

/** Features every other feature on their side may import without an allow-list entry, and why. */
const SHARED_FEATURES: SharedFeatures = {
  'web:session': "The signed-in session is the web's shared state: every screen may read it.",
  'server:ledger':
    'The kernel: money moves only through its postings, history rows and hold sources; the house user and exposure cap are its.',
  'server:audit': 'The kernel: every admin decision is written to its log.',
  'server:uploads': 'The kernel: a profile picture, KYC document or NFT image is an upload of the uploader.',
  'server:accounts':
    'The kernel: the user lookup, the second-factor proof, ending sign-ins and the security-change mail, which sign-in, account security, withdrawals, API keys and NFTs share.',
  'server:outflow':
    'The kernel: the one gate (an open debt, the deposit hold) every flow that lets value leave asks first.',
};

/**
 * Which feature may import which other one, and why: a feature reads another's public pieces only where
 * the product needs it; anything else goes through the composition root (app.ts, main.ts). A feature
 * with no entry may import no other feature. An entry no import uses any more fails the stale check.
 */
const CROSS_FEATURE_IMPORTS: CrossFeatureAllowList = {
  'server:binance-api': {
    'api-keys': 'every signed request is authenticated by the API key feature',
    'market-data': "klines and tickers are folded from the market data feature's stored candles",
    trading: "orders placed by API run the trading feature's engine, ledger and group commit",
  },
  'server:binance-streams': {
    'api-keys': 'the user data stream and its listen keys authenticate the API key as signed requests do',
    'binance-api':
      "stream frames reuse the REST answers' symbols, tickers, candles and API order records, so both say the same",
    trading:
      "the streams are fed by the trading runtime's notifications after each group commit, and its depth",
  },
  'server:nft': {
    withdrawals:
      "a token sent out passes the coin withdrawals' outflow rules: their refusals, daily limit count and address book (issue 43)",
  },
  'web:admin': {
    kyc: "users are shown with KYC's avatar; the KYC review screens use its API and decision dialogs",
    market: "the admin dashboard shows the market feature's Top Cryptocurrencies",
    reserves: "the dashboard lists proof-of-reserves reports and makes one on the admin's demand (issue 49)",
    security: "the admin's own two-factor tab is the Security page's two-factor section",
    support: "a ticket's own admin page shows its conversation as the customer sees it (issue 46)",
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
    swap: "the order form's 'Convert USD to USDT' step is the swap feature's quote and swap, from USD (issue 45)",
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

  it('keeps the kernel features (the shared ones) leaning on the kernel alone', () => {
    expect(sharedFeatureEscapes(crossFeature, SHARED_FEATURES)).toEqual([]);
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
