import type { NftCard } from '@exchange/contracts';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NftGrid } from './nft-grid';

const item = (name: string, status: 'ACTIVE' | 'HIDDEN', listed: boolean): NftCard => ({
  _id: `${name}-id`,
  name,
  image: '/api/v1/nft/image/x.png',
  price: '10.00',
  coin: 'USD',
  status,
  listed,
  owner: null,
  is_mine: true,
  chain_state: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

/**
 * Issue 46 point 8: an item the admin hid cannot be bought, so its owner's card says Hidden and never
 * For sale, even while its listing stands (Activate puts it back on sale).
 */
describe('an NFT card', () => {
  it('says Hidden, not For sale, for a hidden item that is still listed', () => {
    render(
      <MemoryRouter>
        <NftGrid
          label="My NFTs"
          items={[
            item('Hidden Lake', 'HIDDEN', true),
            item('Open Sea', 'ACTIVE', true),
            item('Kept', 'ACTIVE', false),
          ]}
          total={3}
          page={1}
          pageSize={12}
          onPage={() => undefined}
          loading={false}
          error={null}
          onRetry={() => undefined}
          emptyText="None"
        />
      </MemoryRouter>,
    );
    const card = (name: string) => within(screen.getByRole('link', { name: new RegExp(name) }));
    expect(card('Hidden Lake').getByText('Hidden')).toBeTruthy();
    expect(card('Hidden Lake').queryByText('For sale')).toBeNull();
    expect(card('Hidden Lake').queryByText('Not for sale')).toBeNull();
    expect(card('Open Sea').getByText('For sale')).toBeTruthy();
    expect(card('Kept').getByText('Not for sale')).toBeTruthy();
  });

  it('shows a long name whole, wrapped rather than cut off (two cards a row at 390 px)', () => {
    render(
      <MemoryRouter>
        <NftGrid
          label="NFT Marketplace"
          items={[item('Genesis Block Sunrise over the Harbour', 'ACTIVE', true)]}
          total={1}
          page={1}
          pageSize={12}
          onPage={() => undefined}
          loading={false}
          error={null}
          onRetry={() => undefined}
          emptyText="None"
        />
      </MemoryRouter>,
    );
    // jsdom lays nothing out: what cuts a name off is its classes, so none of them may be there.
    const name = screen.getByTestId('nft-card-name');
    expect(name).toHaveTextContent('Genesis Block Sunrise over the Harbour');
    expect(name.className).not.toMatch(
      /\b(truncate|line-clamp-\d+|whitespace-nowrap|overflow-hidden|text-ellipsis)\b/,
    );
  });
});
