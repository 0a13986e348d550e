import { describe, expect, it } from 'vitest';
import {
  consoleLogFindings,
  countLines,
  disallowedFeatureImports,
  featureCycleFindings,
  featureCycles,
  featureImports,
  fileNameFindings,
  floatMoneyFindings,
  IMPORT_RULES,
  importCycles,
  importRuleFindings,
  importSpecifiers,
  importsOf,
  isTestSupport,
  lineCounts,
  longFileFindings,
  longFilesToday,
  machinePathFindings,
  sharedFeatureEscapes,
  staleAllowances,
  type Tree,
} from './tidy-helpers';

/**
 * The tidy checks can fail: each runs here on a made-up tree (a file's path → its text) that breaks
 * its rule, and must say which file or entry does, and on one that keeps it, and must pass; so a green
 * tidy.test.ts means the tree is tidy and not that a check went blind.
 */
const tree = (files: Record<string, string>): Tree => new Map(Object.entries(files));
const server = (feature: string, file: string) => `apps/server/src/features/${feature}/${file}`;
const web = (feature: string, file: string) => `apps/web/src/features/${feature}/${file}`;

describe('reading imports', () => {
  it('reads every way a file names a module, and none in comments or strings', () => {
    const text = [
      "import a from './a';",
      "import type { B } from './b';",
      'import {',
      '  c,',
      "} from './c';",
      "export * from './d';",
      "import './e.css';",
      "const F = lazy(() => import('./f'));",
      "const g = require('./g');",
      "// import h from './h';",
      'const text = "import i from \'./i\'";',
    ].join('\n');
    expect(importSpecifiers(text)).toEqual(['./a', './b', './c', './d', './e.css', './f', './g']);
  });

  it('resolves a relative import to the file it names, and keeps where it points when there is none', () => {
    const found = importsOf(
      tree({
        'apps/web/src/features/wallet/api/get-wallet.ts': [
          "import { z } from 'zod';",
          "import { api } from '../../../lib';",
          "import { format } from '../../../lib/format';",
          "import type { Wallet } from '../../../../../server/src/features/wallet/get-wallet';",
        ].join('\n'),
        'apps/web/src/lib/index.ts': '',
        'apps/web/src/lib/format.tsx': '',
      }),
    );
    expect(found.map(({ spec, target }) => [spec, target])).toEqual([
      ['zod', undefined],
      ['../../../lib', 'apps/web/src/lib/index.ts'],
      ['../../../lib/format', 'apps/web/src/lib/format.tsx'],
      ['../../../../../server/src/features/wallet/get-wallet', 'apps/server/src/features/wallet/get-wallet'],
    ]);
  });

  it('tells tests and test support by their names and folders', () => {
    const support = [
      server('trading', 'place-order.test.ts'),
      web('wallet', 'components/withdraw.test.tsx'),
      'e2e/wallet.spec.ts',
      'e2e/support/app.ts',
      'apps/server/src/test/test-app.ts',
      web('market', 'test/fakes.tsx'),
      server('trading', 'trading-test-helpers.ts'),
      server('chain-sweeps', 'sweep-test-kit.ts'),
      server('deposits', 'fake-paypal.ts'),
      server('market-data', 'provider-fixture.ts'),
      web('chain-deposits', 'fixtures.ts'),
    ];
    const code = [
      server('trading', 'place-order.ts'),
      server('deposits', 'sandbox-deposit-helper.ts'),
      'apps/server/src/platform/testnet.ts',
      server('deposits', 'paypal-sandbox.ts'),
      'packages/domain/src/matching/reference-book.ts',
    ];
    expect(support.filter((file) => !isTestSupport(file))).toEqual([]);
    expect(code.filter(isTestSupport)).toEqual([]);
  });
});

/**
 * For every import rule: a made-up tree whose imports break it (each file there breaks it once per
 * import), and one that keeps every rule. A rule added without its two trees fails below.
 */
const RULE_TREES: Record<
  string,
  { readonly breaking: Record<string, string>; readonly keeping: Record<string, string> }
> = {
  'domain-imports-nothing': {
    breaking: {
      'packages/domain/src/money.ts': "import { readFileSync } from 'node:fs';",
      'packages/domain/src/fees.ts': "import { feeSchema } from '../../contracts/src/fees';",
    },
    keeping: {
      'packages/domain/src/money.ts': "import { parseDecimal } from './decimal';",
      'packages/domain/src/decimal.ts': '',
      'packages/domain/src/money.test.ts': "import { it } from 'vitest';\nimport fc from 'fast-check';",
    },
  },
  'contracts-import-domain-and-zod': {
    breaking: {
      'packages/contracts/src/trading.ts': "import type { FastifyInstance } from 'fastify';",
      'packages/contracts/src/wallet.ts': "import { coins } from '../../../apps/server/src/coins';",
      'packages/contracts/src/messages.ts': "import { expect } from 'vitest';",
    },
    keeping: {
      'packages/contracts/src/trading.ts':
        "import { z } from 'zod';\nimport { toMinor } from '@exchange/domain';\nimport { messages } from './messages';",
      'packages/contracts/src/messages.ts': '',
      'packages/contracts/src/trading.test.ts': "import { it } from 'vitest';",
    },
  },
  'web-never-imports-server': {
    breaking: {
      [web('wallet', 'api/get-wallet.ts')]:
        "import type { Wallet } from '../../../../../server/src/features/wallet/get-wallet';",
      [web('wallet', 'api/coins.ts')]:
        "const config = await import('../../../../../server/src/platform/config');",
      'apps/web/src/test/render-app.tsx': "const { buildApp } = require('@exchange/server/app');",
    },
    keeping: {
      [web('wallet', 'api/get-wallet.ts')]:
        "import type { WalletResponse } from '@exchange/contracts';\nimport { api } from '../../../lib/api-client';",
      'apps/web/src/lib/api-client.ts': '',
    },
  },
  'server-root-imported-by-none': {
    breaking: {
      [server('trading', 'place-order.ts')]: "import type { App } from '../../app';",
      'apps/server/src/app.ts': '',
      'apps/server/src/platform/ledger-check.ts': "import { PRODUCT_HOLD_SOURCES } from '../hold-sources';",
      'apps/server/src/db/seed-data.ts': "const { seedDemo } = await import('../seed');",
    },
    keeping: {
      [server('trading', 'place-order.test.ts')]: "import { buildApp } from '../../app';",
      'apps/server/src/app.ts': "import { placeOrder } from './features/trading/place-order';",
      [server('trading', 'place-order.ts')]: '',
    },
  },
  'web-root-imported-by-none': {
    breaking: {
      [web('wallet', 'pages/wallet-page.tsx')]: "import { RequireUser } from '../../../app/guards';",
      'apps/web/src/app/guards.tsx': '',
      'apps/web/src/components/ui/header.tsx': "import { routes } from '../../main';",
      'apps/web/src/main.tsx': '',
    },
    keeping: {
      'apps/web/src/app/router.tsx':
        "const Wallet = lazy(() => import('../features/wallet/pages/wallet-page'));",
      [web('wallet', 'pages/wallet-page.test.tsx')]: "import { router } from '../../../app/router';",
      [web('wallet', 'pages/wallet-page.tsx')]: "import { Button } from '../../../components/ui/button';",
    },
  },
  'nothing-imports-bench': {
    breaking: {
      'apps/server/src/platform/logger.ts': "import { measure } from '../../../../bench/measure';",
      'bench/measure.ts': '',
    },
    keeping: {
      'bench/http.ts': "import { historyRows } from '../apps/server/src/test/history-rows';",
      'apps/server/src/test/history-rows.ts': '',
    },
  },
  'kernel-never-imports-features': {
    breaking: {
      'apps/server/src/platform/mailer.ts': "import { mailTemplate } from '../features/auth/mail-templates';",
      'apps/server/src/db/schema/index.ts': "export * from '../../features/nft/nft.schema';",
    },
    keeping: {
      'apps/server/src/platform/chain/embedded-chain.test.ts':
        "import { bookHouseFloat } from '../../features/chain-sweeps/book-house-float';",
      [server('auth', 'login.ts')]: "import { sendMail } from '../../platform/mailer';",
      'apps/server/src/platform/mailer.ts': '',
    },
  },
  'web-base-never-imports-features': {
    breaking: {
      'apps/web/src/lib/format.ts': "import { coins } from '../features/market/coins';",
      'apps/web/src/components/ui/header.tsx':
        "const Wallet = lazy(() => import('../../features/wallet/pages/wallet-page'));",
      'apps/web/src/shared/wallet/use-wallet.ts':
        "import type { Stake } from '../../features/stake/api/stakes';",
    },
    keeping: {
      'apps/web/src/shared/wallet/use-balance-events.test.tsx':
        "import { fakeTicker } from '../../features/market/test/fakes';",
      'apps/web/src/app/router.tsx':
        "const Wallet = lazy(() => import('../features/wallet/pages/wallet-page'));",
      [web('wallet', 'pages/wallet-page.tsx')]: "import { Button } from '../../../components/ui/button';",
    },
  },
  'production-never-imports-tests': {
    breaking: {
      [server('deposits', 'paypal-provider.ts')]: "import { FakePaypal } from './fake-paypal';",
      [server('deposits', 'fake-paypal.ts')]: '',
      [server('trading', 'place-order.ts')]: "import { seedBook } from './trading-test-helpers';",
      [server('trading', 'trading-test-helpers.ts')]: '',
      'apps/server/src/platform/db.ts': "import { testUsers } from '../test/test-users';",
      'apps/server/src/test/test-users.ts': '',
      [web('wallet', 'api/get-wallet.ts')]: "import { coins } from '../test/fixtures';",
      [web('wallet', 'test/fixtures.ts')]: '',
    },
    keeping: {
      [server('deposits', 'deposits.test.ts')]: "import { FakePaypal } from './fake-paypal';",
      [server('deposits', 'fake-paypal.ts')]: '',
      [server('trading', 'trading-test-helpers.ts')]: "import { testApp } from '../../test/test-app';",
      'apps/server/src/test/test-app.ts': "import { buildApp } from '../app';",
      'apps/server/src/app.ts': '',
    },
  },
  'test-libraries-only-in-tests': {
    breaking: {
      [server('deposits', 'sandbox-deposit-helper.ts')]: "import { expect } from 'vitest';",
      'packages/domain/src/matching/reference-book.ts': "import fc from 'fast-check';",
      'apps/web/src/lib/render.tsx': "import { render } from '@testing-library/react';",
    },
    keeping: {
      [server('deposits', 'sandbox-deposit-test-helpers.ts')]: "import { expect } from 'vitest';",
      'apps/web/src/test/render-app.tsx': "import { render } from '@testing-library/react';",
      [server('trading', 'match.test.ts')]: "import fc from 'fast-check';",
    },
  },
};

describe('the import rules on made-up trees', () => {
  it.each(IMPORT_RULES.map((rule) => [rule.name, rule] as const))(
    '%s fails where it is broken',
    (name, rule) => {
      const breaking = RULE_TREES[name]?.breaking;
      expect(breaking, `RULE_TREES has no trees for ${name}: show it failing`).toBeDefined();
      const found = importsOf(tree(breaking ?? {}));
      const offending = found.filter(({ file }) => (breaking?.[file] ?? '') !== '');
      expect(offending.length).toBeGreaterThan(0);
      expect(importRuleFindings(found, [rule])).toEqual(
        offending.map(({ file, spec }) => `${file} imports '${spec}': ${rule.rule}`),
      );
    },
  );

  it.each(IMPORT_RULES.map((rule) => [rule.name] as const))('%s passes where every rule is kept', (name) => {
    expect(importRuleFindings(importsOf(tree(RULE_TREES[name]?.keeping ?? {})))).toEqual([]);
  });

  it('has trees only for rules that exist', () => {
    expect(Object.keys(RULE_TREES).filter((name) => !IMPORT_RULES.some((r) => r.name === name))).toEqual([]);
  });
});

describe('the text checks on made-up trees', () => {
  it('wants kebab-case file names in the apps, packages, benches and browser flows', () => {
    expect(
      fileNameFindings([
        web('wallet', 'pages/WalletPage.tsx'),
        server('trading', 'place_order.ts'),
        'e2e/Smoke.spec.ts',
        web('wallet', 'pages/wallet-page.tsx'),
        server('trading', 'trading.routes.test.ts'),
        'bench/http.ts',
        'tests/Whatever.ts',
      ]),
    ).toEqual([
      `${web('wallet', 'pages/WalletPage.tsx')}: name files in kebab-case`,
      `${server('trading', 'place_order.ts')}: name files in kebab-case`,
      'e2e/Smoke.spec.ts: name files in kebab-case',
    ]);
  });

  it('finds console.log in server and domain code, tests too, but not in scripts or the web', () => {
    const made = tree({
      [server('trading', 'place-order.ts')]: "const a = 1;\nconsole.log('placed', a);",
      [server('trading', 'place-order.test.ts')]: 'console.log(result);',
      'packages/domain/src/money.ts': 'console.log(x);',
      'apps/server/src/scripts/ledger-verify.ts': "console.log('ok');",
      [web('wallet', 'pages/wallet-page.tsx')]: 'console.log(wallet);',
      [server('trading', 'cancel-order.ts')]: "logger.info('cancelled');",
    });
    expect(consoleLogFindings(made)).toEqual([
      `${server('trading', 'place-order.ts')}:2`,
      `${server('trading', 'place-order.test.ts')}:1`,
      'packages/domain/src/money.ts:1',
    ]);
  });

  it('finds an amount parsed as a float in server and domain code, not in tests or scripts', () => {
    const made = tree({
      [server('wallet', 'deposit.ts')]: 'const amount = parseFloat(body.amount);',
      'packages/domain/src/fees.ts': 'const limit = Number(max);\nconst fee = Number(price) * 0.01;',
      'packages/domain/src/fees.test.ts': 'expect(Number(fee)).toBe(1);',
      [server('wallet', 'wallet-test-helpers.ts')]: 'const total = parseFloat(text);',
      'apps/server/src/scripts/ledger-verify.ts': 'console.info(Number(balance));',
      [server('wallet', 'show.ts')]: 'const total = balance.toFixed(2);',
    });
    expect(floatMoneyFindings(made)).toEqual([
      `${server('wallet', 'deposit.ts')}:1`,
      'packages/domain/src/fees.ts:2',
      `${server('wallet', 'show.ts')}:1`,
    ]);
  });

  it("finds a path of a developer's machine in the sources", () => {
    const made = tree({
      'e2e/start.ts': "const dir = '/work/main/data';",
      [server('uploads', 'storage.ts')]: "const root = process.env.DIR ?? '/home/alice/uploads';",
      'bench/http.ts': "const report = '/root/report.json';",
      [server('uploads', 'paths.ts')]: "const dir = path.join(os.tmpdir(), 'uploads');",
      'tests/tidy-helpers.test.ts': "'/work/main'",
    });
    expect(machinePathFindings(made)).toEqual([
      'e2e/start.ts:1',
      `${server('uploads', 'storage.ts')}:1`,
      'bench/http.ts:1',
    ]);
  });
});

describe('the feature checks on a made-up tree', () => {
  const made = tree({
    [server('trading', 'place-order.ts')]:
      "import { postEntry } from '../ledger/post-entries';\nimport { engine } from './market-engine';",
    [server('wallet', 'get-wallet.ts')]: "import type { House } from '../trading/house-liquidity';",
    [server('ledger', 'post-entries.ts')]: "const { getWallet } = await import('../wallet/get-wallet');",
    [server('ledger', 'ledger.test.ts')]: "import { swaps } from '../swap/swap.repository';",
    [server('ledger', 'ledger-test-helpers.ts')]: "import { swaps } from '../swap/swap.repository';",
    [web('trading', 'order-form.tsx')]:
      "import { useSession } from '../session/use-session';\nimport { getWallet } from '../wallet/get-wallet';",
  });
  const found = featureImports(importsOf(made));
  const shared = { 'web:session': 'every screen may read the session' };

  it('finds the feature → feature imports of the code, leaving out tests, test support and imports within a feature', () => {
    expect(found.map(({ side, from, to }) => `${side}:${from}→${to}`)).toEqual([
      'server:trading→ledger',
      'server:wallet→trading',
      'server:ledger→wallet',
      'web:trading→session',
      'web:trading→wallet',
    ]);
  });

  it('reports a cross-feature import the allow-list does not have, naming the file and the entry', () => {
    const allow = {
      'server:trading': { ledger: 'orders settle in the ledger' },
      'server:ledger': { wallet: 'why not' },
      'web:trading': { wallet: 'the order form shows balances' },
    };
    expect(disallowedFeatureImports(found, allow, shared)).toEqual([
      `${server('wallet', 'get-wallet.ts')} (server:wallet) imports feature trading, which CROSS_FEATURE_IMPORTS['server:wallet'] does not allow: go through the composition root, or add 'trading' there with why`,
    ]);
    expect(
      disallowedFeatureImports(found, { ...allow, 'server:wallet': { trading: 'the house quotes' } }, shared),
    ).toEqual([]);
  });

  it('reports a shared feature that imports a feature which is not shared', () => {
    expect(sharedFeatureEscapes(found, { ...shared, 'server:ledger': 'the kernel' })).toEqual([
      expect.stringContaining(
        '(server:ledger, shared by every feature) imports feature wallet, which is not shared',
      ),
    ]);
    expect(sharedFeatureEscapes(found, shared)).toEqual([]);
  });

  it('reports allow-list entries no import uses, made redundant by a shared feature, or without a reason', () => {
    const allow = {
      'server:trading': { ledger: 'orders settle in the ledger', 'market-data': 'once read the ticker' },
      'server:wallet': { trading: '' },
      'server:staking': {},
      'web:trading': { session: 'reads the session', wallet: 'the order form shows balances' },
    };
    expect(staleAllowances(found, allow, shared)).toEqual([
      "CROSS_FEATURE_IMPORTS['server:trading'].market-data is stale: no file of server:trading imports feature market-data any more; remove the line",
      "CROSS_FEATURE_IMPORTS['server:wallet'].trading gives no reason: say why the import is needed",
      "CROSS_FEATURE_IMPORTS['server:staking'] allows nothing: remove the entry",
      "CROSS_FEATURE_IMPORTS['web:trading'].session is redundant: every web feature may import session; remove the line",
    ]);
    const fine = {
      'server:trading': { ledger: 'orders settle in the ledger' },
      'server:wallet': { trading: 'the house quotes' },
      'server:ledger': { wallet: 'a hold reads the wallet' },
      'web:trading': { wallet: 'the order form shows balances' },
    };
    expect(staleAllowances(found, fine, shared)).toEqual([]);
  });

  it('reports a cycle between features, with the imports that close it', () => {
    const cycles = featureCycles(found);
    expect(cycles).toEqual([
      {
        side: 'server',
        features: ['ledger', 'trading', 'wallet'],
        imports: [
          `trading → ledger (${server('trading', 'place-order.ts')})`,
          `wallet → trading (${server('wallet', 'get-wallet.ts')})`,
          `ledger → wallet (${server('ledger', 'post-entries.ts')})`,
        ],
      },
    ]);
    expect(featureCycleFindings(cycles, [])).toEqual([
      `feature cycle server: ledger ⇄ trading ⇄ wallet: ${cycles[0]?.imports.join('; ')}. Break it (move the shared piece to the feature both need, or wire it in the composition root)`,
    ]);
    expect(featureCycles(found.filter(({ from }) => from !== 'ledger'))).toEqual([]);
  });

  it('lets a known feature cycle pass, and reports a known one that is gone', () => {
    const cycles = featureCycles(found);
    const known = { side: 'server', features: ['wallet', 'trading', 'ledger'], why: 'being broken' } as const;
    const gone = { side: 'web', features: ['trading', 'wallet'], why: 'was broken' } as const;
    expect(featureCycleFindings(cycles, [known])).toEqual([]);
    expect(featureCycleFindings(cycles, [known, gone])).toEqual([
      'KNOWN_FEATURE_CYCLES entry web: trading ⇄ wallet is stale: that cycle is gone (or its members changed); remove the entry',
    ]);
  });

  it('reports a cycle between files, through type imports, re-exports and dynamic imports too', () => {
    const files = {
      'a.ts': "import type { B } from './b';",
      'b.ts': "export { c } from './c';",
      'c.ts': "const a = await import('./a');",
    };
    expect(importCycles(importsOf(tree(files)))).toEqual(['a.ts → b.ts → c.ts → a.ts']);
    expect(importCycles(importsOf(tree({ ...files, 'c.ts': "import { d } from './d';" })))).toEqual([]);
  });
});

describe('the long-file ratchet on made-up counts', () => {
  const list = {
    'big.ts': { lines: 400, why: 'to split' },
    'shrunk.ts': { lines: 350, why: 'to split' },
    'small-now.ts': { lines: 320, why: 'to split' },
    'deleted.ts': { lines: 310, why: 'to split' },
    'grown.ts': { lines: 330, why: '' },
  };
  const counts = [
    { file: 'big.ts', lines: 400 },
    { file: 'new-long.ts', lines: 301 },
    { file: 'fine.ts', lines: 300 },
    { file: 'shrunk.ts', lines: 340 },
    { file: 'small-now.ts', lines: 290 },
    { file: 'grown.ts', lines: 331 },
  ];

  it('fails a new long file and a listed one that grew, and asks to lower or remove shrunk and gone entries', () => {
    expect(longFileFindings(counts, list)).toEqual([
      'new-long.ts has 301 lines, over 300: split it (usually two ideas in one file), or add it to LONG_FILES with its count and why',
      'shrunk.ts shrank to 340 lines: lower its LONG_FILES count from 350 to 340',
      'small-now.ts is down to 290 lines, within 300: remove its LONG_FILES entry',
      'grown.ts grew to 331 lines, past its recorded 330 in LONG_FILES: split it',
      'deleted.ts is gone (or no longer checked): remove its LONG_FILES entry',
      "LONG_FILES['grown.ts'] gives no reason: say why, or 'to split'",
    ]);
    expect(
      longFileFindings(counts, { 'big.ts': list['big.ts'], 'new-long.ts': { lines: 301, why: 'a table' } }),
    ).toEqual([
      'shrunk.ts has 340 lines, over 300: split it (usually two ideas in one file), or add it to LONG_FILES with its count and why',
      'grown.ts has 331 lines, over 300: split it (usually two ideas in one file), or add it to LONG_FILES with its count and why',
    ]);
  });

  it("writes today's list to paste, keeping the reasons it had", () => {
    expect(longFilesToday(counts, list)).toBe(
      [
        "  'big.ts': { lines: 400, why: 'to split' },",
        "  'shrunk.ts': { lines: 340, why: 'to split' },",
        "  'grown.ts': { lines: 331, why: '' },",
        "  'new-long.ts': { lines: 301, why: 'to split' },",
      ].join('\n'),
    );
  });

  it('counts the code of the apps, packages and benches, leaving out tests, test support and exempt tables', () => {
    const made = tree({
      [server('trading', 'place-order.ts')]: 'a\nb\n',
      [server('trading', 'place-order.test.ts')]: 'a\n',
      [server('trading', 'trading-test-helpers.ts')]: 'a\n',
      'apps/server/src/test/test-app.ts': 'a\n',
      'packages/contracts/src/country-codes.ts': 'a\n',
      'bench/http.ts': 'a',
      'e2e/wallet.spec.ts': 'a\n',
    });
    expect(lineCounts(made, { 'packages/contracts/src/country-codes.ts': 'a table' })).toEqual([
      { file: server('trading', 'place-order.ts'), lines: 2 },
      { file: 'bench/http.ts', lines: 1 },
    ]);
  });

  it('counts lines as an editor numbers them', () => {
    expect([
      countLines(''),
      countLines('a'),
      countLines('a\n'),
      countLines('a\nb'),
      countLines('a\n\n'),
    ]).toEqual([0, 1, 1, 2, 2]);
  });
});
