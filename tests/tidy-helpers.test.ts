import { describe, expect, it } from 'vitest';
import {
  countLines,
  disallowedFeatureImports,
  type FileImport,
  featureCycleFindings,
  featureCycles,
  featureImports,
  importCycles,
  longFileFindings,
  longFilesToday,
  staleAllowances,
} from './tidy-helpers';

/**
 * The tidy checks can fail: each runs here on a made-up tree that breaks its rule, and must say which
 * file or entry does, so a green tidy.test.ts means the tree is tidy and not that a check went blind.
 */
const server = (feature: string, file: string) => `apps/server/src/features/${feature}/${file}`;
const web = (feature: string, file: string) => `apps/web/src/features/${feature}/${file}`;

describe('tidy checks on a made-up tree', () => {
  const tree: FileImport[] = [
    { file: server('trading', 'place-order.ts'), target: server('ledger', 'post-entries.ts') },
    { file: server('trading', 'place-order.ts'), target: server('trading', 'market-engine.ts') },
    { file: server('wallet', 'get-wallet.ts'), target: server('trading', 'house-liquidity.ts') },
    { file: server('ledger', 'post-entries.ts'), target: server('wallet', 'get-wallet.ts') },
    { file: server('ledger', 'ledger.test.ts'), target: server('swap', 'swap.repository.ts') },
    { file: web('trading', 'order-form.tsx'), target: web('session', 'use-session.ts') },
    { file: web('trading', 'order-form.tsx'), target: web('wallet', 'get-wallet.ts') },
  ];
  const found = featureImports(tree);
  const shared = { 'web:session': 'every screen may read the session' };

  it('finds the feature → feature imports of the code, leaving out tests and imports within a feature', () => {
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

  it('reports a cycle between files', () => {
    expect(
      importCycles([
        { file: 'a.ts', target: 'b.ts' },
        { file: 'b.ts', target: 'c.ts' },
        { file: 'c.ts', target: 'a.ts' },
      ]),
    ).toEqual(['a.ts → b.ts → c.ts → a.ts']);
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
