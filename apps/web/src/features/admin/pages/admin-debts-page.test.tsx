import { type DebtItem, messages } from '@exchange/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { adminUser, customer, fakeApi, okAnswer as ok, walletFixture } from '../../wallet/test/fake-api';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../components/ui/toaster', () => ({ toast, Toaster: () => null }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const admin = adminUser();

const openDebt: DebtItem = {
  _id: '7',
  user: { _id: 'u-alice', name: 'Alice', email: 'alice@example.com' },
  asset: 'USD',
  amount: '30.03',
  reason: 'REVERSED',
  order_id: 'ORDER-1',
  status: 'OPEN',
  settlement: null,
  settled_at: null,
  settled_by: null,
  note: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe('/admin-debts', () => {
  it('lists open debts from the server and settles one by writing it off with a note', async () => {
    let settled = false;
    const calls = fakeApi(admin, {
      'POST /admin/debts': () =>
        ok({ content: settled ? [] : [openDebt], total: settled ? 0 : 1, page: 1, limit: 10 }),
      'POST /admin/debts/settle': ({ body }) => {
        if ((body as { note: string }).note === '')
          return {
            status: 422,
            body: { status: false, message: messages.debtNoteRequired, code: 'debt_note_required' },
          };
        settled = true;
        return ok({ ...openDebt, status: 'SETTLED', settlement: 'WRITTEN_OFF' });
      },
    });
    renderApp('/admin-debts');
    const table = await screen.findByRole('table', { name: messages.adminDebtsTitle }, { timeout: 15_000 });
    expect(await within(table).findByText('alice@example.com')).toBeInTheDocument();
    expect(within(table).getByText('$30.03')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /admin/debts')?.body).toMatchObject({ page: 1, status: 'OPEN' });

    await userEvent.click(within(table).getByRole('button', { name: 'Settle debt of alice@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settle debt' });
    await userEvent.selectOptions(within(dialog).getByLabelText('How'), 'WRITTEN_OFF');
    await userEvent.click(screen.getByRole('button', { name: 'Settle' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.debtNoteRequired);
    await userEvent.type(within(dialog).getByLabelText(messages.debtNoteLabel), 'Bank dispute lost');
    await userEvent.click(screen.getByRole('button', { name: 'Settle' }));
    expect(calls.filter((c) => c.key === 'POST /admin/debts/settle').at(-1)?.body).toEqual({
      debtId: '7',
      method: 'WRITTEN_OFF',
      note: 'Bank dispute lost',
    });
    expect(toast.success).toHaveBeenCalledWith(messages.debtSettled);
    expect(await screen.findByText(messages.noDataFoundAdmin)).toBeInTheDocument();
  });
});

describe('the restriction notice', () => {
  it('tells a customer with an open debt why sending, swapping and selling are refused, on the dashboard', async () => {
    fakeApi(customer(true), {
      'GET /wallet': () => ({ body: walletFixture }),
      'GET /wallet/restrictions': () => ok({ debt_usd: '30.03', hold_days: 0, held_usd: '0.00' }),
    });
    renderApp('/dashboard');
    const notice = await screen.findByText(messages.debtNoticeTitle, {}, { timeout: 15_000 });
    expect(notice.parentElement).toHaveTextContent('You owe 30.03 USD from a deposit that was reversed');
  });

  it('shows nothing without a debt', async () => {
    fakeApi(customer(true), {
      'GET /wallet': () => ({ body: walletFixture }),
      'GET /wallet/restrictions': () => ok({ debt_usd: null, hold_days: 0, held_usd: '0.00' }),
    });
    renderApp('/deposit');
    await screen.findByRole('heading', { level: 1, name: 'Wallet' }, { timeout: 15_000 });
    expect(screen.queryByText(messages.debtNoticeTitle)).toBeNull();
  });
});
