import type { TickerItem } from '@exchange/contracts';
import type { CryptoCode } from '@exchange/domain';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { Tabs } from '../../../components/ui/tabs';
import { paths } from '../../../lib/paths';
import { useWallet } from '../../wallet/api/get-wallet';
import { useChart } from '../api/get-chart';
import { useMarkets } from '../api/get-markets';
import { CoinChart } from '../components/coin-chart';
import { CoinSelect } from '../components/coin-select';
import { OrderBook } from '../components/order-book';
import { OrderForm } from '../components/order-form';
import { RecentTrades } from '../components/recent-trades';
import { TradingInfoModal } from '../components/trading-info-modal';
import { rulesForCoin } from '../model/market-rules';

/**
 * /buy-sell (spec section 2): the chart of the chosen coin, the coin dropdown, Buy and Sell tabs and
 * the info modal shown on load; beside the form, the coin's USDT order book and recent trades.
 */
export function BuySellPage() {
  const [coin, setCoin] = useState<CryptoCode>('BTC');
  const [side, setSide] = useState<'buy' | 'sell'>('buy');
  const [infoOpen, setInfoOpen] = useState(true);
  const [live, setLive] = useState<TickerItem | null>(null);
  const wallet = useWallet();
  const markets = useMarkets();
  const chart = useChart(coin);
  const rules = rulesForCoin(markets.data, coin);
  const marketId = rules?.id ?? null;
  const referencePrice = (live?.ticker === coin ? live.lastPrice : null) ?? chart.data?.at(-1)?.price ?? null;
  const onPrice = useCallback((ticker: TickerItem) => setLive(ticker), []);

  const form = (which: 'buy' | 'sell') => (
    <OrderForm
      key={`${which}-${coin}`}
      side={which}
      coin={coin}
      rules={rules}
      wallet={wallet.data}
      referencePrice={referencePrice}
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
        <div className="flex min-w-0 flex-col gap-4">
          <CoinChart coin={coin} onPrice={onPrice} />
          <div className="grid gap-4 md:grid-cols-2">
            <OrderBook marketId={marketId} />
            <RecentTrades marketId={marketId} />
          </div>
        </div>
        <section
          aria-label="Order"
          className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-4 lg:self-start"
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
      </div>
      <TradingInfoModal open={infoOpen} onOpenChange={setInfoOpen} />
    </div>
  );
}
