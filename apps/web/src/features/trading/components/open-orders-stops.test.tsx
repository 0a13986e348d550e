import type { LimitOrder } from '@exchange/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MyOrdersPanel } from './my-orders-panel';

function order(id: string, extra: Partial<LimitOrder> = {}): LimitOrder {
  return {
    id,
    time: '2026-12-02T10:00:00.000Z',
    createdAt: '2026-12-02T10:00:00.000Z',
    updatedAt: '2026-12-02T10:00:00.000Z',
    market_id: 'BTC-USDT',
    type: 'limit',
    side: 'sell',
    quantity: '0.010000',
    filled_quantity: '0.000000',
    cancelled_quantity: '0.000000',
    open_quantity: '0.010000',
    filled_cost: '0.00000000',
    price: '61900.0',
    status: 'open',
    stop_price: null,
    stop_kind: null,
    triggered_at: null,
    order_list_id: null,
    ...extra,
  };
}

/** The open orders the server answers: a waiting stop, a plain limit, and an OCO pair split by it. */
const OPEN: LimitOrder[] = [
  order('stop', { stop_price: '62000.0', stop_kind: 'stop_loss' }),
  order('oco-limit', { price: '65000.0', order_list_id: 'L1' }),
  order('plain', { side: 'buy', price: '50000.0' }),
  order('oco-stop', { price: '61800.0', stop_price: '61900.0', stop_kind: 'stop_loss', order_list_id: 'L1' }),
  order('triggered', {
    price: '61000.0',
    stop_price: '61100.0',
    stop_kind: 'stop_loss',
    triggered_at: '2026-12-02T10:05:00.000Z',
  }),
];

const answers: Record<string, unknown> = {
  '/api/v1/wallet/limitorder/market/get-user-open-order': { status: true, message: 'Orders', data: OPEN },
  '/api/v1/wallet/limitorder/market/get-order-history': { status: true, message: 'Orders', data: [] },
  '/api/v1/wallet/limitorder/market/cancle-open-order': {
    status: true,
    message: 'Order cancelled successfully',
    data: { wallet: { currencies: [] } },
  },
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const body = answers[new URL(String(input), 'http://localhost').pathname];
      return new Response(JSON.stringify(body ?? { status: false, message: 'Not found' }), {
        status: body ? 200 : 404,
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MyOrdersPanel coin="BTC" marketId="BTC-USDT" />
    </QueryClientProvider>,
  );
}

describe("the trading page's open orders with stops and OCO pairs (issue 48)", () => {
  it('shows a waiting stop’s trigger, a triggered stop as a plain limit, and an OCO’s legs together', async () => {
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Open orders' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Stop 62,000.0 (waiting)'),
      expect.stringContaining('OCO'),
      expect.stringContaining('OCO'),
      expect.stringContaining('Buy 0.010000 BTC'),
      expect.not.stringContaining('waiting'),
    ]);
    expect(rows[0]).toHaveTextContent('then at 61,900.0 USDT');
    // The pair's stop leg still waits, and says so beside its badge.
    expect(rows[2]).toHaveTextContent('Stop 61,900.0 (waiting)');
    expect(rows[4]).not.toHaveTextContent('OCO');
  });

  it('says that cancelling an OCO leg cancels the pair', async () => {
    renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel OCO pair: sell at 65,000.0' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Are You sure you want to Cancel this Order ?',
    });
    expect(dialog).toHaveTextContent('This order is one of an OCO pair: cancelling it cancels both orders.');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));

    await user.click(screen.getByRole('button', { name: 'Cancel sell order at 61,900.0' }));
    const single = await screen.findByRole('alertdialog', {
      name: 'Are You sure you want to Cancel this Order ?',
    });
    expect(single).toHaveTextContent('SELL 0.010000 BTC at 61,900.0 USDT (Stop 62,000.0 (waiting)).');
    expect(single).not.toHaveTextContent('OCO');
  });
});
