import { createHash } from 'node:crypto';
import { messages, type ReserveProof, type ReserveReport } from '@exchange/contracts';
import {
  accountHashOf,
  buildSumTree,
  inclusionPath,
  leafBytes,
  type Sha256,
  toHex,
  treeRoot,
} from '@exchange/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { customer, type FakeRoute, fakeApi } from '../../wallet/test/fake-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ok = (data: unknown): ReturnType<FakeRoute> => ({ body: { status: true, message: 'ok', data } });
const sha256: Sha256 = (bytes) => new Uint8Array(createHash('sha256').update(bytes).digest());
const alice = customer(true);

/** A two-customer report whose tree is built by the domain, and Alice's proof in it. */
function fixture(): { report: ReserveReport; proof: ReserveProof } {
  const leaves = [
    { id: alice._id, salt: sha256(new Uint8Array([1])), balances: [1000n, 50_000_000n] },
    { id: 'u-other', salt: sha256(new Uint8Array([2])), balances: [0n, 7n] },
  ];
  const hashes = new Uint8Array(64);
  const sums = new BigInt64Array(4);
  leaves.forEach((leaf, i) => {
    hashes.set(sha256(leafBytes(accountHashOf(leaf.id, sha256), leaf.salt, leaf.balances)), i * 32);
    sums.set(leaf.balances, i * 2);
  });
  const tree = buildSumTree({ count: 2, assetCount: 2, hashes, sums }, sha256);
  const root = treeRoot(tree);
  const report: ReserveReport = {
    _id: '3f0c1f7e-8f7a-4c4e-9d55-0b6b2f1c9a10',
    seq: 1,
    created_at: '2026-12-02T10:00:00.000Z',
    trigger: 'SCHEDULE',
    root_hash: toHex(root.hash),
    report_hash: 'ab'.repeat(32),
    previous_hash: null,
    leaf_count: 2,
    lines: [
      { asset: 'USD', liabilities: '10.00', assets: '20.00', ratio: '2.0000', source: 'statement' },
      { asset: 'BTC', liabilities: '0.50000007', assets: '1.00000000', ratio: '1.9999', source: 'chain' },
    ],
    assets: ['USD', 'BTC'],
    totals: root.sums.map(String),
    address_proofs: [],
    usd_statement: '20.00',
  };
  const proof: ReserveProof = {
    version: 1,
    report: {
      _id: report._id,
      created_at: report.created_at,
      root_hash: report.root_hash,
      assets: report.assets,
      scales: [2, 8],
      totals: report.totals,
    },
    leaf: { account_id: alice._id, salt: toHex(leaves[0]!.salt), balances: ['1000', '50000000'] },
    path: inclusionPath(tree, tree.positions[0]!).map((step) => ({
      side: step.side,
      hash: toHex(step.hash),
      sums: step.sums.map(String),
    })),
  };
  return { report, proof };
}

function serve(report: ReserveReport, proof: ReserveProof) {
  fakeApi(alice, {
    'GET /reserves/reports': () => ok({ content: [report], total: 1, page: 1, limit: 10 }),
    [`GET /reserves/reports/${report._id}`]: () => ok(report),
    [`GET /reserves/reports/${report._id}/my-proof`]: () => ok(proof),
  });
}

describe('/proof-of-reserves', () => {
  it('says so when no report has been published yet', async () => {
    fakeApi(alice, { 'GET /reserves/reports': () => ok({ content: [], total: 0, page: 1, limit: 10 }) });
    renderApp('/proof-of-reserves');
    expect(await screen.findByText(messages.reservesNone, {}, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('says so when the reports cannot be loaded', async () => {
    fakeApi(alice, {
      'GET /reserves/reports': () => ({ status: 500, body: { status: false, message: 'x' } }),
    });
    renderApp('/proof-of-reserves');
    expect(await screen.findByText(messages.reservesLoadFailed, {}, { timeout: 15_000 })).toBeInTheDocument();
  });

  it("verifies the customer's own balances against the published root in the browser", async () => {
    const { report, proof } = fixture();
    serve(report, proof);
    renderApp('/proof-of-reserves');
    await userEvent.click(
      await screen.findByRole('button', { name: messages.reservesVerify }, { timeout: 15_000 }),
    );
    expect(await screen.findByText(messages.reservesVerified)).toBeInTheDocument();
    expect(screen.getByTestId('reserves-leaf')).toHaveTextContent('0.50000000');
    expect(screen.getAllByText("Operator's statement").length).toBeGreaterThan(0);
  });

  it('says clearly when the proof does not check out', async () => {
    const { report, proof } = fixture();
    serve(report, { ...proof, leaf: { ...proof.leaf, balances: ['1000', '60000000'] } });
    renderApp('/proof-of-reserves');
    await userEvent.click(
      await screen.findByRole('button', { name: messages.reservesVerify }, { timeout: 15_000 }),
    );
    expect(
      await screen.findByText('Your entry does not check out: your path does not lead to the published root'),
    ).toBeInTheDocument();
  });
});
