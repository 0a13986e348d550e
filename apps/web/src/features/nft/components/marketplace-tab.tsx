import { messages as m, NFT_PAGE_SIZE } from '@exchange/contracts';
import { useState } from 'react';
import { SearchBox } from '../../../components/ui/search-box';
import { Select } from '../../../components/ui/select';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { type NftOrder, useNftMarketplace } from '../api/nft-api';
import { NftGrid } from './nft-grid';

const orderOptions = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
] as const;

/** The items for sale: searched by name and sorted on the server, a page at a time. */
export function MarketplaceTab() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [orderBy, setOrderBy] = useState<NftOrder>('newest');
  const term = useDebouncedValue(search.trim(), 300);
  const list = useNftMarketplace(page, term, orderBy);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchBox
          label={m.nftSearchPlaceholder}
          placeholder={m.nftSearchPlaceholder}
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        <Select
          aria-label="Sort NFTs"
          options={orderOptions}
          value={orderBy}
          onChange={(event) => {
            setOrderBy(event.target.value as NftOrder);
            setPage(1);
          }}
        />
      </div>
      <NftGrid
        label={m.nftMarketplace}
        items={list.data?.content}
        total={list.data?.total ?? 0}
        page={page}
        pageSize={NFT_PAGE_SIZE}
        onPage={setPage}
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={m.nftEmpty}
      />
    </div>
  );
}
