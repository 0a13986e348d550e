import { messages } from '@exchange/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { Tabs } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/toaster';

/*
 * /protrading-buy-sell (spec section 2): a static mock of a professional trading screen. Every figure
 * below is hard-coded and nothing is sent anywhere; the buttons only say so.
 */
const MARKETS = [
  { pair: 'BTC/USDT', price: '64,012.50', change: '+1.24%' },
  { pair: 'ETH/USDT', price: '3,105.20', change: '-0.56%' },
  { pair: 'BNB/USDT', price: '584.10', change: '+0.32%' },
  { pair: 'ADA/USDT', price: '0.4521', change: '-1.10%' },
];
const ASKS = [
  { price: '64,030.00', quantity: '0.4200' },
  { price: '64,020.00', quantity: '0.1500' },
  { price: '64,015.00', quantity: '0.8000' },
];
const BIDS = [
  { price: '64,010.00', quantity: '0.2500' },
  { price: '64,000.00', quantity: '1.1000' },
  { price: '63,990.00', quantity: '0.6000' },
];
const OPEN_ORDERS = [
  { pair: 'BTC/USDT', side: 'Buy', price: '63,500.00', quantity: '0.0100' },
  { pair: 'ETH/USDT', side: 'Sell', price: '3,250.00', quantity: '0.5000' },
];

const cell = 'px-2 py-1.5 text-right tabular-nums';
const head = 'px-2 py-1.5 text-right text-xs font-medium text-muted';
const headLeft = 'px-2 py-1.5 text-left text-xs font-medium text-muted';

function previewOnly() {
  toast('This is a preview: professional trading is not live yet, no order was placed.');
}

function QuickOrder() {
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <Button variant="success" className="w-full sm:flex-1" onClick={previewOnly}>
        {messages.quickBuy}
      </Button>
      <Button variant="danger" className="w-full sm:flex-1" onClick={previewOnly}>
        {messages.quickSell}
      </Button>
    </div>
  );
}

export function ProTradingBuySellPage() {
  return (
    <div>
      <PageHeader
        title="Professional Trading"
        description="A preview of the professional trading screen. Prices and orders are examples only."
        actions={<Badge tone="accent">Preview</Badge>}
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <Card title="Markets">
          <table className="w-full text-sm">
            <thead>
              <tr>
                <th className={headLeft}>Pair</th>
                <th className={head}>Price</th>
                <th className={head}>Change</th>
              </tr>
            </thead>
            <tbody>
              {MARKETS.map((m) => (
                <tr key={m.pair} className="border-t border-line">
                  <td className="px-2 py-1.5 text-ink">{m.pair}</td>
                  <td className={cell}>{m.price}</td>
                  <td className={`${cell} ${m.change.startsWith('-') ? 'text-danger' : 'text-success'}`}>
                    {m.change}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
        <Card title="Order book">
          <table className="w-full text-sm">
            <thead>
              <tr>
                <th className={head}>Price (USDT)</th>
                <th className={head}>Amount (BTC)</th>
              </tr>
            </thead>
            <tbody>
              {ASKS.map((row) => (
                <tr key={`a${row.price}`}>
                  <td className={`${cell} text-danger`}>{row.price}</td>
                  <td className={cell}>{row.quantity}</td>
                </tr>
              ))}
              {BIDS.map((row) => (
                <tr key={`b${row.price}`}>
                  <td className={`${cell} text-success`}>{row.price}</td>
                  <td className={cell}>{row.quantity}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
        <Card title="Place order">
          <Tabs
            label="Order type"
            items={[
              { id: 'instant', label: messages.proTradingInstant, content: <QuickOrder /> },
              { id: 'limit', label: messages.proTradingLimit, content: <QuickOrder /> },
            ]}
          />
        </Card>
      </div>
      <Card title="Open orders" className="mt-4 overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr>
              <th className={headLeft}>Pair</th>
              <th className={headLeft}>Side</th>
              <th className={head}>Price</th>
              <th className={head}>Amount</th>
            </tr>
          </thead>
          <tbody>
            {OPEN_ORDERS.map((o) => (
              <tr key={o.pair} className="border-t border-line">
                <td className="px-2 py-1.5 text-ink">{o.pair}</td>
                <td className={`px-2 py-1.5 ${o.side === 'Buy' ? 'text-success' : 'text-danger'}`}>
                  {o.side}
                </td>
                <td className={cell}>{o.price}</td>
                <td className={cell}>{o.quantity}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </div>
  );
}
