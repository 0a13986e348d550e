import type { TickerItem } from '@exchange/contracts';
import type { CryptoCode } from '@exchange/domain';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { Tabs } from '../../../components/ui/tabs';
import { paths } from '../../../lib/paths';
import { useWallet } from '../../../shared/wallet/get-wallet';
import { useChart } from '../../market/api/get-chart';
import { useMarkets } from '../../market/api/get-markets';
import { useTrades } from '../../market/api/market-views';
import { CoinChart } from '../components/coin-chart';
import { CoinSelect } from '../components/coin-select';
import { MyOrdersPanel } from '../components/my-orders-panel';
import { OrderBook } from '../components/order-book';
import { OrderForm } from '../components/order-form';
import { RecentTrades } from '../components/recent-trades';
import { TradingInfoModal } from '../components/trading-info-modal';
import { rulesForCoin } from '../model/market-rules';

/** Remembers that the info modal was seen, so it opens by itself on the first visit only. */
export const INFO_SEEN_KEY = 'exchange.trading-info-seen';

function infoSeen(): boolean {
  try {
    return window.localStorage.getItem(INFO_SEEN_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberInfoSeen(): void {
  try {
    window.localStorage.setItem(INFO_SEEN_KEY, '1');
  } catch {
    // Storage refused (private mode): the modal will simply open again next time.
  }
}

/**
 * /buy-sell (spec section 2): the chart of the chosen coin, the coin dropdown, Buy and Sell tabs and
 * the info modal (on the first visit, and from its button); beside the form, the coin's USDT order
 * book (a level's price fills the limit price) and recent trades, and under it the user's orders.
 * On a phone the form comes first, so it is reachable without scrolling past the chart.
 */
export function BuySellPage() {
  const [coin, setCoin] = useState<CryptoCode>('BTC');
  const [side, setSide] = useState<'buy' | 'sell'>('buy');
  const [infoOpen, setInfoOpen] = useState(() => !infoSeen());
  const [picked, setPicked] = useState<{ price: string; at: number } | null>(null);
  const [live, setLive] = useState<TickerItem | null>(null);
  const wallet = useWallet();
  const markets = useMarkets();
  const chart = useChart(coin);
  const rules = rulesForCoin(markets.data, coin);
  const marketId = rules?.id ?? null;
  // The market's last trade (the recent trades' newest, live): the price a stop waits for.
  const trades = useTrades(marketId);
  const lastPrice = trades.data?.[0]?.price ?? null;
  const referencePrice = (live?.ticker === coin ? live.lastPrice : null) ?? chart.data?.at(-1)?.price ?? null;
  const onPrice = useCallback((ticker: TickerItem) => setLive(ticker), []);
  const onPickPrice = useCallback((price: string) => setPicked({ price, at: Date.now() }), []);
  const onInfoChange = (open: boolean) => {
    setInfoOpen(open);
    if (!open) rememberInfoSeen();
  };

  const form = (which: 'buy' | 'sell') => (
    <OrderForm
      key={`${which}-${coin}`}
      side={which}
      coin={coin}
      rules={rules}
      wallet={wallet.data}
      referencePrice={referencePrice}
      pickedPrice={picked}
      lastPrice={lastPrice}
    />
  );

  return (
    <div>
      <PageHeader
        title="Buy & Sell"
        description="Buy or sell crypto instantly in USD, or place a limit order in USDT."
        actions={
          <>
            <Link to={paths.proTrading} className={buttonClasses('ghost')}>
              Pro trading
            </Link>
            <Button variant="secondary" onClick={() => setInfoOpen(true)}>
              How it works
            </Button>
          </>
        }
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
        <div className="order-2 flex min-w-0 flex-col gap-4 lg:order-1">
          <CoinChart coin={coin} marketId={marketId} onPrice={onPrice} />
          <div className="grid gap-4 md:grid-cols-2">
            <OrderBook marketId={marketId} base={coin} onPickPrice={onPickPrice} />
            <RecentTrades marketId={marketId} base={coin} />
          </div>
        </div>
        <div className="order-1 flex flex-col gap-4 lg:order-2 lg:self-start">
          <section
            aria-label="Order"
            className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-4"
          >
            <CoinSelect value={coin} onChange={setCoin} />
            <Tabs
              label="Buy or sell"
              value={side}
              onValueChange={(id) => setSide(id === 'sell' ? 'sell' : 'buy')}
              items={[
                { id: 'buy', label: 'Buy', content: form('buy') },
                { id: 'sell', label: 'Sell', content: form('sell') },
              ]}
            />
          </section>
          <MyOrdersPanel coin={coin} marketId={marketId} />
        </div>
      </div>
      <TradingInfoModal open={infoOpen} onOpenChange={onInfoChange} />
    </div>
  );
}
