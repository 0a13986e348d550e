import type { AdminUtxoBatch } from '@exchange/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../test/render-app';
import { networksAnswer } from '../../../chain-deposits/test/fixtures';
import { adminUser, fakeApi, okAnswer as ok } from '../../../wallet/test/fake-api';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../../components/ui/toaster', () => ({ toast, Toaster: () => null }));

afterEach(() => {
  vi.unstubAllGlobals();
});

const admin = adminUser();

const TXID = 'ab'.repeat(32);
const batch: AdminUtxoBatch = {
  _id: '6f1c1d2e-0000-4000-8000-000000000001',
  chain: 'litecoin',
  asset: 'LTC',
  status: 'BROADCAST',
  txid: TXID,
  fee: '0.00000454',
  fee_rate: 2,
  withdrawals: 3,
  broadcast_at: '2026-12-03T07:00:00.000Z',
  replaced_txids: [],
  last_refusal: null,
  last_refusal_detail: null,
  bump: { fee: '0.00000681', fee_rate: 3 },
  bump_refusal: null,
};

describe('/admin-withdrawals: Litecoin batches in flight', () => {
  it('asks with the new fee before it speeds a batch up, then says the replacement went out', async () => {
    const calls = fakeApi(admin, {
      'GET /admin/hot-wallet': () => ok({ content: [], stuck: [] }),
      'GET /admin/withdrawals/utxo-batches': () => ok([batch]),
      'POST /admin/withdrawals/utxo-batches/speed-up': () => ({
        body: {
          status: true,
          message: `Replacement sent: ${'cd'.repeat(32)}`,
          data: { batch_id: batch._id, replaced_txid: TXID, fee: '0.00000681', fee_rate: 3 },
        },
      }),
      'POST /admin/withdrawals': () => ok({ content: [], total: 0, page: 1, limit: 10 }),
      'GET /wallet/deposit-networks': networksAnswer,
    });
    renderApp('/admin-withdrawals');
    const list = await screen.findByRole('list', { name: 'Litecoin batches in flight' }, { timeout: 15_000 });
    expect(within(list).getByText(/0\.00000454 LTC/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(list).getByRole('button', { name: 'Speed up (replace-by-fee)' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'Replace this batch with one paying a network fee of 0.00000681 LTC (3 per vbyte) instead of 0.00000454 LTC?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'YES' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(`Replacement sent: ${'cd'.repeat(32)}`));
    expect(calls.filter((call) => call.key === 'POST /admin/withdrawals/utxo-batches/speed-up')).toEqual([
      expect.objectContaining({ body: { batch_id: batch._id } }),
    ]);
  });

  it("shows why a batch cannot be sped up, and the node's refusal of the last replacement", async () => {
    fakeApi(admin, {
      'GET /admin/hot-wallet': () => ok({ content: [], stuck: [] }),
      'GET /admin/withdrawals/utxo-batches': () =>
        ok([
          {
            ...batch,
            bump: null,
            bump_refusal: 'change_too_small',
            replaced_txids: ['ef'.repeat(32)],
            last_refusal: 'node_refused',
            last_refusal_detail: 'insufficient fee',
          },
        ]),
      'POST /admin/withdrawals': () => ok({ content: [], total: 0, page: 1, limit: 10 }),
      'GET /wallet/deposit-networks': networksAnswer,
    });
    renderApp('/admin-withdrawals');
    const list = await screen.findByRole('list', { name: 'Litecoin batches in flight' }, { timeout: 15_000 });
    expect(within(list).queryByRole('button', { name: 'Speed up (replace-by-fee)' })).toBeNull();
    expect(within(list).getByText('Replaces 1 earlier')).toBeInTheDocument();
    expect(within(list).getByRole('alert')).toHaveTextContent(
      'Cannot speed up: the node refused the replacement: insufficient fee',
    );
    expect(
      within(list).getByText(
        "Cannot speed up: the batch's change is too small to pay a higher fee; the customers' outputs are never reduced",
      ),
    ).toBeInTheDocument();
  });
});
