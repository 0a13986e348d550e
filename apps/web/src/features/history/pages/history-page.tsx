import { useState } from 'react';
import { useLocation } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { type TabItem, Tabs } from '../../../components/ui/tabs';
import { ChainDepositsTab } from '../../chain-deposits/components/chain-deposits-tab';
import { ReferralTable } from '../../referral/components/referral-table';
import { WithdrawalsTab } from '../../withdrawals/components/withdrawals-tab';
import { OrderTransactionsTab } from '../components/order-transactions-tab';
import { P2pHistoryTab } from '../components/p2p-history-tab';
import { StakesTab } from '../components/stakes-tab';
import { StatementControl } from '../components/statement-control';
import { SwapHistoryTab } from '../components/swap-history-tab';
import { TransactionsTab } from '../components/transactions-tab';
import {
  defaultHistoryTab,
  HISTORY_TABS,
  type HistoryHighlight,
  type HistoryTabId,
  readHighlight,
} from '../history-tabs';

function tabContent(id: HistoryTabId, highlight: HistoryHighlight | null) {
  switch (id) {
    case 'transactions':
      return <TransactionsTab highlightNewest={highlight?.id === 'newest'} />;
    case 'orders':
      return <OrderTransactionsTab highlight={highlight} />;
    case 'stakes':
      return <StakesTab />;
    case 'swap':
      return <SwapHistoryTab />;
    case 'p2p':
      return <P2pHistoryTab />;
    case 'referrals':
      return <ReferralTable />;
    case 'deposits':
      return <ChainDepositsTab />;
    case 'withdrawals':
      return <WithdrawalsTab />;
  }
}

/** /history: seven tabs, opened on the one the navigation state's type asks for (spec section 2). */
export function HistoryPage() {
  const location = useLocation();
  // A new navigation to /history (say, after a swap) opens the tab it asks for, even from /history.
  return (
    <HistoryTabs
      key={location.key}
      initialTab={defaultHistoryTab(location.state)}
      highlight={readHighlight(location.state)}
    />
  );
}

function HistoryTabs({
  initialTab,
  highlight,
}: {
  readonly initialTab: HistoryTabId;
  readonly highlight: HistoryHighlight | null;
}) {
  const [tab, setTab] = useState<HistoryTabId>(initialTab);

  const items: TabItem[] = HISTORY_TABS.map((item) => ({
    id: item.id,
    label: item.label,
    content: tabContent(item.id, highlight),
  }));

  return (
    <div>
      <PageHeader title="History" />
      <StatementControl />
      <Tabs label="History" items={items} value={tab} onValueChange={(id) => setTab(id as HistoryTabId)} />
    </div>
  );
}
