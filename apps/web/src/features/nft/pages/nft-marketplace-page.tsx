import { messages as m } from '@exchange/contracts';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { Tabs } from '../../../components/ui/tabs';
import { MarketplaceTab } from '../components/marketplace-tab';
import { MyNftsTab } from '../components/my-nfts-tab';

/**
 * /nft-marketplace: the grid of items for sale (search, sort, server paging) and, in its own tab,
 * the customer's own items (?tab=mine, so a purchase can lead straight there).
 */
export function NftMarketplacePage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'mine' ? 'mine' : 'market';
  return (
    <div>
      <PageHeader
        title={m.nftMarketplace}
        description="Collect digital art, held safely in your exchange account."
      />
      <Tabs
        label={m.nftMarketplace}
        value={tab}
        onValueChange={(id) => setParams(id === 'mine' ? { tab: 'mine' } : {}, { replace: true })}
        items={[
          { id: 'market', label: m.nftMarketplace, content: <MarketplaceTab /> },
          { id: 'mine', label: m.nftMyNfts, content: <MyNftsTab /> },
        ]}
      />
    </div>
  );
}
