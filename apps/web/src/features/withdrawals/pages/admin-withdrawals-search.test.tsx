import type { AdminWithdrawalItem } from '@exchange/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../lib/session-token';
import { renderApp } from '../../../test/render-app';
import { adminUser } from '../../wallet/test/fake-api';

/**
 * Issue 43 (CI on a fresh clone): the admin types a customer's e-mail into 'Search withdrawals' while
 * the queue is still loading, or while an earlier answer lands. The queue keeps its previous rows while
 * the searched page loads (keepPreviousData); it showed them, with their Approve buttons, under the
 * term just typed, so the admin (and the browser flow) saw other customers' flagged rows as the result.
 */

afterEach(() => vi.unstubAllGlobals());

const admin = adminUser();

function queued(id: string, email: string): AdminWithdrawalItem {
  return {
    _id: id,
    asset: 'USD',
    method: 'paypal',
    destination: email,
    amount: '60.00',
    fee: '1.00',
    receive: '59.00',
    status: 'PENDING_APPROVAL',
    reason: null,
    reference: null,
    chain: null,
    tx_hash: null,
    explorer_url: null,
    label: null,
    createdAt: '2026-11-27T08:00:00.000Z',
    updatedAt: '2026-11-27T08:00:00.000Z',
    user: { _id: `u-${id}`, name: 'Vera Verified', email },
    value_usd: '60.00',
    flags: ['recent_deposit'],
    activity: {
      last_deposit_at: '2026-11-27T07:00:00.000Z',
      last_security_change_at: null,
      completed_withdrawals: 0,
      withdrawn_24h_usd: '60.00',
    },
    decided_by: null,
    decided_by_name: null,
    decided_at: null,
    first_approved_by_name: null,
    first_approved_at: null,
    approvals_needed: 1,
    approvals: 0,
    held_reason: null,
  };
}

const alice = queued('11111111-1111-4111-8111-111111111111', 'alice@example.com');
const carol = queued('22222222-2222-4222-8222-222222222222', 'carol@example.com');
const page = (rows: AdminWithdrawalItem[]) => ({ content: rows, total: rows.length, page: 1, limit: 10 });
const answer = (data: unknown) => new Response(JSON.stringify({ status: true, message: 'ok', data }));

/** The queue's requests wait until the test answers them, in the order it chooses. */
function deferredQueue() {
  const asked: { body: { search?: string }; reply: (data: unknown) => void }[] = [];
  setAccessToken('token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const key = `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/api\/v1/, '')}`;
      if (key === 'GET /auth/me') return answer(admin);
      if (key === 'GET /admin/hot-wallet') return answer({ content: [], stuck: [] });
      if (key === 'GET /wallet/deposit-networks') return answer([]);
      if (key === 'POST /admin/withdrawals') {
        const body = JSON.parse(String(init?.body));
        return new Promise<Response>((resolve) =>
          asked.push({ body, reply: (data) => resolve(answer(data)) }),
        );
      }
      return new Response(JSON.stringify({ status: false, message: 'Not found' }), { status: 404 });
    }),
  );
  return asked;
}

const approveButtons = (table: HTMLElement) =>
  within(table)
    .queryAllByRole('button', { name: /^Approve withdrawal of / })
    .map((button) => button.getAttribute('aria-label'));

describe('/admin-withdrawals search', () => {
  it('shows only the searched customer once their page arrives, never the queue it held before', async () => {
    const user = userEvent.setup();
    const asked = deferredQueue();
    renderApp('/admin-withdrawals');
    const table = await screen.findByRole('table', { name: 'Withdrawals' }, { timeout: 15_000 });
    await waitFor(() => expect(asked).toHaveLength(1));
    asked[0]?.reply(page([alice, carol]));
    await waitFor(() => expect(approveButtons(table)).toHaveLength(2));

    await user.type(screen.getByLabelText('Search withdrawals'), 'carol@example.com');
    const searched = asked.filter((call) => call.body.search === 'carol@example.com');
    expect(searched).toHaveLength(1);
    // The search is on its way: alice's row (and its Approve button) is not shown as its result.
    expect(approveButtons(table)).toEqual([]);
    expect(within(table).queryByText('Deposit in the last 24 h')).not.toBeInTheDocument();

    searched[0]?.reply(page([carol]));
    await waitFor(() => expect(approveButtons(table)).toEqual(['Approve withdrawal of carol@example.com']));
    expect(screen.getByLabelText('Search withdrawals')).toHaveValue('carol@example.com');
  });

  it('shows the searched page when it holds exactly the rows the queue held before', async () => {
    const user = userEvent.setup();
    const asked = deferredQueue();
    renderApp('/admin-withdrawals');
    const table = await screen.findByRole('table', { name: 'Withdrawals' }, { timeout: 15_000 });
    await waitFor(() => expect(asked).toHaveLength(1));
    asked[0]?.reply(page([carol]));
    await waitFor(() => expect(approveButtons(table)).toHaveLength(1));

    await user.type(screen.getByLabelText('Search withdrawals'), 'carol@example.com');
    expect(approveButtons(table)).toEqual([]);
    // The cache hands back the very array it held (structural sharing): the answer still shows.
    for (const call of asked.slice(1)) call.reply(page([carol]));
    await waitFor(() => expect(approveButtons(table)).toEqual(['Approve withdrawal of carol@example.com']));
  });

  it('keeps a term typed while the first page loads, and the late first page does not replace it', async () => {
    const user = userEvent.setup();
    const asked = deferredQueue();
    renderApp('/admin-withdrawals');
    const box = await screen.findByLabelText('Search withdrawals', {}, { timeout: 15_000 });
    await waitFor(() => expect(asked).toHaveLength(1));

    await user.type(box, 'carol@example.com');
    const table = screen.getByRole('table', { name: 'Withdrawals' });
    // The unsearched first page lands after the term was typed: it is not shown.
    asked[0]?.reply(page([alice, carol]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(approveButtons(table)).toEqual([]);

    const searched = asked.filter((call) => call.body.search === 'carol@example.com');
    expect(searched).toHaveLength(1);
    searched[0]?.reply(page([carol]));
    await waitFor(() => expect(approveButtons(table)).toEqual(['Approve withdrawal of carol@example.com']));
    expect(box).toHaveValue('carol@example.com');
    // Every keystroke's request that is still open lands late, with the whole queue: nothing changes.
    for (const call of asked) if (call.body.search !== 'carol@example.com') call.reply(page([alice, carol]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(approveButtons(table)).toEqual(['Approve withdrawal of carol@example.com']);
    expect(box).toHaveValue('carol@example.com');
  });
});
