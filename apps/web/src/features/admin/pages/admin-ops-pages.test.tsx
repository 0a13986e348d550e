import {
  type AdminDashboard,
  type AdminSupportTicket,
  type AdminTransaction,
  messages,
} from '@exchange/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { adminUser, fakeApi, okAnswer as ok } from '../../wallet/test/fake-api';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../components/ui/toaster', () => ({ toast, Toaster: () => null }));
// Charts draw nothing in jsdom (no layout); a stub keeps the test quick. The figures are also in a
// screen-reader table, which the test reads instead. The browser flow checks the drawn charts.
vi.mock('recharts', () => {
  const Stub = () => null;
  return Object.fromEntries(
    [
      'ResponsiveContainer',
      'LineChart',
      'Line',
      'XAxis',
      'YAxis',
      'Tooltip',
      'Legend',
      'PieChart',
      'Pie',
      'Cell',
    ].map((name) => [name, Stub]),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const admin = adminUser();
const userdata = {
  name: 'Alice',
  email: 'alice@example.com',
  country_code: '1',
  mobile_no: '5550100',
  profile_pic: '',
};

function transaction(id: string, status: AdminTransaction['status']): AdminTransaction {
  return {
    _id: id,
    createdAt: '2026-11-20T10:00:00.000Z',
    operation_type: 'FIAT_TO_CRYPTO',
    operation: 'BUY',
    from: { currency_code: 'USD', amount: '100.12' },
    to: { currency_code: 'BTC', amount: '0.00123456' },
    status,
    user_id: { _id: 'u-alice', name: 'Alice' },
    ...userdata,
    reference: `trade:${id}`,
    value_usd: '100.12',
  };
}

function ticket(id: string, subject: string, status: AdminSupportTicket['status']): AdminSupportTicket {
  return {
    _id: id,
    subject,
    description: 'Where is my deposit?',
    status,
    answer: null,
    answered_at: null,
    user: { name: 'Alice' },
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    user_id: 'u-alice',
    userdata: { name: 'Alice', email: 'alice@example.com', country_code: '1', mobile_no: '5550100' },
    profile_pic: '',
  };
}

const dashboard: AdminDashboard = {
  totalUserCount: 12,
  totalKycCount: 5,
  totalApprovedKycCount: 3,
  totalPendingKycCount: 1,
  totalRejectedKycCount: 1,
  totalTransactionCount: 41,
  totalSuccessTransactionCount: 39,
  totalPendingTransactionCount: 2,
  Totalbuysellcount: 20,
  TotalSwapcount: 7,
  totalStakeCount: 4,
  totalActiveStakeCount: 3,
  letestPEndingTransaction: [transaction('t-p', 'PENDING')],
  letestTransaction: [transaction('t-1', 'SUCCESS')],
  letestKyc: [],
  letestPendingSupport: [ticket('s-1', 'Deposit missing', 'PENDING')],
};
const series = { currentMonth: [1, 2, 3], previousMonth: [0, 0, 0], secondOldMonth: [4, 0, 0] };

describe('/admin-dashboard', () => {
  it('shows the KYC totals, activity counts, latest transactions to 4 decimals and the support list', async () => {
    fakeApi(admin, {
      'POST /admin/admin-dashboard': () => ok(dashboard),
      'POST /admin/admin-graph': () =>
        ok({
          currentMonth: 'November 2026',
          previousMonth: 'October 2026',
          secondOldMonth: 'September 2026',
          buysell: series,
          swap: series,
          stake: series,
        }),
      'GET /p2p/getTopTenMarket': () => ok([]),
      'POST /admin/solvency': () =>
        ok({
          assets: [],
          chains: [],
          ledger: {
            consistent: true,
            checked_at: '2026-11-23T10:00:00.000Z',
            duration_ms: 5,
            accounts: 10,
            entries: 4,
            postings: 8,
            hold_sources: [],
            breaches: [],
            breach_count: 0,
          },
        }),
    });
    renderApp('/admin-dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 15_000 });
    const counts = await screen.findByTestId('activity-counts');
    await waitFor(() => expect(within(counts).getByText('41')).toBeInTheDocument());
    expect(within(counts).getByText('Transactions made')).toBeInTheDocument();
    expect(screen.getByText('Approved')).toBeInTheDocument();
    // The 'Approved KYC' card's figure is the approved ones, of all requests.
    expect(screen.getByText(`approved of ${dashboard.totalKycCount}`)).toBeInTheDocument();
    // The test screen is a phone's (matchMedia answers no): the sections below the figures are folded
    // and their titles open them; the pending work is open.
    const fold = screen.getByRole('button', { name: messages.adminLatestTransactions });
    expect(fold).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table', { name: messages.adminLatestTransactions })).toBeNull();
    await userEvent.click(fold);
    expect(fold).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('button', { name: messages.adminSupportList }));
    await userEvent.click(screen.getByRole('button', { name: 'Three months compared' }));
    const latest = screen.getByRole('table', { name: messages.adminLatestTransactions });
    expect(within(latest).getByText('100.1200 USD')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: messages.adminViewAll })[0]).toHaveAttribute(
      'href',
      '/admin-transaction',
    );
    expect(screen.getByRole('tab', { name: messages.adminPendingTransactionTab })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: messages.adminPendingKycTab }));
    expect(await screen.findAllByText(messages.noDataFoundAdmin)).not.toHaveLength(0);
    expect(screen.getByText('Deposit missing')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Solvency' }));
    expect(await screen.findByText('Ledger consistent')).toBeInTheDocument();
    // The three-month comparison is readable without the chart.
    expect(screen.getAllByRole('table', { name: 'Buy and sell' })).toHaveLength(1);
  }, 20_000);
});

describe('/admin-support', () => {
  it('shows status colours, polls the list, and answers a ticket', async () => {
    const answers: unknown[] = [];
    let rows = [ticket('s-1', 'Deposit missing', 'PENDING'), ticket('s-2', 'Old one', 'CLOSED')];
    const calls = fakeApi(admin, {
      'POST /admin/getAllSupport': () =>
        ok({ data: { content: rows, total: rows.length, page: 1, limit: 10 } }),
      'POST /admin/support/answer': ({ body }) => {
        answers.push(body);
        rows = rows.map((r) => (r._id === 's-1' ? { ...r, status: 'CLOSED', answer: 'Credited now' } : r));
        return ok(rows[0]);
      },
    });
    renderApp('/admin-support');
    await screen.findByText('Deposit missing', undefined, { timeout: 5_000 });
    expect(screen.getAllByText('PENDING', { ignore: 'option' })[0]).toHaveClass('text-warning');
    expect(screen.getByText('CLOSED', { ignore: 'option' })).toHaveClass('text-danger');
    expect(screen.getByRole('button', { name: 'Close Old one' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Answer Deposit missing' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    expect(await within(dialog).findByText(messages.supportAnswerRequired)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Answer'), 'Credited now');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    await waitFor(() =>
      expect(answers).toEqual([{ ticket_id: 's-1', answer: 'Credited now', status: 'CLOSED' }]),
    );
    expect(await screen.findByText('Answer: Credited now')).toBeInTheDocument();

    // The list keeps itself fresh: it is read again on the polling period without any action.
    const before = calls.filter((c) => c.key === 'POST /admin/getAllSupport').length;
    await waitFor(
      () => expect(calls.filter((c) => c.key === 'POST /admin/getAllSupport').length).toBeGreaterThan(before),
      {
        timeout: 5_000,
      },
    );
  }, 20_000);

  it('shows No Data Found when there are no tickets', async () => {
    fakeApi(admin, {
      'POST /admin/getAllSupport': () => ok({ data: { content: [], total: 0, page: 1, limit: 10 } }),
    });
    renderApp('/admin-support');
    expect(
      await screen.findByText(messages.noDataFoundAdmin, undefined, { timeout: 5_000 }),
    ).toBeInTheDocument();
  }, 20_000);
});

describe('/admin-transaction', () => {
  it('searches what is pasted into the box, which types no key', async () => {
    const calls = fakeApi(admin, {
      'POST /admin/get-all-transaction': ({ body }) => {
        const search = (body as { search: string }).search;
        const content = search === 'bob' ? [] : [transaction('t-1', 'SUCCESS')];
        return ok({ content, total: content.length, page: 1, limit: 10 });
      },
    });
    renderApp('/admin-transaction');
    await screen.findByText('Page 1 of 1 · 1 rows', undefined, { timeout: 5_000 });
    await userEvent.click(screen.getByPlaceholderText(messages.adminSearchPlaceholder));
    await userEvent.paste('bob');
    expect(await screen.findByText(messages.noDataFoundAdmin)).toBeInTheDocument();
    expect(
      calls.some(
        (c) => c.key === 'POST /admin/get-all-transaction' && (c.body as { search: string }).search === 'bob',
      ),
    ).toBe(true);
  }, 20_000);

  it('pages on the server and shows PENDING in red', async () => {
    const calls = fakeApi(admin, {
      'POST /admin/get-all-transaction': ({ body }) => {
        const page = (body as { page: number }).page;
        return ok({ content: [transaction(`t-${page}`, 'PENDING')], total: 25, page, limit: 10 });
      },
    });
    renderApp('/admin-transaction');
    await screen.findByText('Page 1 of 3 · 25 rows', undefined, { timeout: 5_000 });
    const table = screen.getByRole('table', { name: 'Transactions' });
    expect(within(table).getByText('PENDING')).toHaveClass('text-danger');
    for (const header of [
      'Customer',
      /^Date/,
      /^Kind/,
      'From → To',
      'Amount (USD now)',
      /^Status/,
      'Reference',
    ])
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    // The customer's name and e-mail, the amount's USD value now.
    expect(within(table).getByText('alice@example.com')).toBeInTheDocument();
    expect(within(table).getByText('≈ $100.12')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3 · 25 rows');
    expect(
      calls.some(
        (c) => c.key === 'POST /admin/get-all-transaction' && (c.body as { page: number }).page === 2,
      ),
    ).toBe(true);
  }, 20_000);

  it('sends its filters and sort to the server, back on page 1', async () => {
    const calls = fakeApi(admin, {
      'POST /admin/get-all-transaction': ({ body }) => {
        const page = (body as { page: number }).page;
        return ok({ content: [transaction(`t-${page}`, 'SUCCESS')], total: 25, page, limit: 10 });
      },
    });
    renderApp('/admin-transaction');
    await screen.findByText('Page 1 of 3 · 25 rows', undefined, { timeout: 5_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3 · 25 rows');
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'WITHDRAW');
    await userEvent.selectOptions(screen.getByLabelText('Asset'), 'BTC');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'PENDING');
    await userEvent.click(screen.getByRole('button', { name: /^Sort by Kind/ }));
    await waitFor(() =>
      expect(calls.at(-1)?.body).toMatchObject({
        page: 1,
        kind: 'WITHDRAW',
        asset: 'BTC',
        status: 'PENDING',
        sort: 'kind',
        order: 'desc',
      }),
    );
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  }, 20_000);
});
