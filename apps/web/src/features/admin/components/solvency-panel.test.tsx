import { messages, type Solvency, type SolvencyChainLine } from '@exchange/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { adminUser, fakeApi, okAnswer as ok } from '../../wallet/test/fake-api';
import { SolvencyPanel } from './solvency-panel';

afterEach(() => {
  vi.unstubAllGlobals();
});

const admin = adminUser();

const ethereum = (asset: 'ETH' | 'USDT', over: Partial<SolvencyChainLine> = {}): SolvencyChainLine => ({
  chain: 'ethereum',
  chain_name: 'Ethereum',
  asset,
  available: true,
  hot_wallet_address: '0x1111111111111111111111111111111111111111',
  hot_wallet: '101.99000000',
  deposit_addresses: '0.00010000',
  cold_wallet: null,
  on_chain: '101.99010000',
  in_flight: '0.00000000',
  customer_liabilities: '2.00000000',
  custody: '101.99010000',
  uncredited: '0.00000000',
  difference: '0.00000000',
  matches: true,
  above_hot_cap: false,
  ...over,
});

const ledger = {
  consistent: true,
  checked_at: '2026-11-27T10:00:00.000Z',
  duration_ms: 5,
  accounts: 10,
  entries: 4,
  postings: 8,
  hold_sources: [],
  breaches: [],
  breach_count: 0,
};

function renderPanel(chains: SolvencyChainLine[]) {
  const data: Solvency = { assets: [], chains, ledger };
  fakeApi(admin, { 'POST /admin/solvency': () => ok(data) });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SolvencyPanel />
    </QueryClientProvider>,
  );
}

describe('the solvency panel: on-chain holdings', () => {
  it('shows each chain and coin held beside customers owed and custody, and whether they match', async () => {
    renderPanel([
      ethereum('ETH', { above_hot_cap: true }),
      ethereum('USDT', {
        hot_wallet: '25.00000000',
        deposit_addresses: '0.00000000',
        on_chain: '25.00000000',
        customer_liabilities: '25.00000000',
        custody: '24.00000000',
        difference: '1.00000000',
        matches: false,
      }),
    ]);
    const table = await screen.findByRole('table', { name: messages.solvencyOnChainTitle });
    const [, eth, usdt] = within(table).getAllByRole('row');
    expect(within(eth!).getByText('101.9900')).toBeInTheDocument();
    expect(within(eth!).getByText('0.0001')).toBeInTheDocument();
    expect(within(eth!).getByText(messages.solvencyMatches)).toBeInTheDocument();
    expect(within(eth!).getByText(messages.solvencyAboveHotCap)).toBeInTheDocument();
    expect(within(usdt!).getByText('Off by 1.0000')).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: messages.solvencyColdWallet })).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: messages.solvencyInFlight })).toBeNull();
    expect(
      within(table).getByRole('columnheader', { name: messages.solvencyCustomersOwed }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows what was sent and awaits its confirmations while something does, still matching', async () => {
    renderPanel([
      ethereum('ETH', { hot_wallet: '101.98790000', on_chain: '101.98800000', in_flight: '0.00210000' }),
      ethereum('USDT'),
    ]);
    const table = await screen.findByRole('table', { name: messages.solvencyOnChainTitle });
    expect(within(table).getByRole('columnheader', { name: messages.solvencyInFlight })).toBeInTheDocument();
    const [, eth] = within(table).getAllByRole('row');
    expect(within(eth!).getByText('0.0021')).toBeInTheDocument();
    expect(within(eth!).getByText(messages.solvencyMatches)).toBeInTheDocument();
  });

  it('says a chain whose node did not answer is unavailable, with the ledger figures still shown', async () => {
    const silent = {
      available: false,
      hot_wallet: null,
      deposit_addresses: null,
      on_chain: null,
      in_flight: null,
      difference: null,
      matches: null,
      above_hot_cap: null,
      custody: '3.00000000',
    };
    renderPanel([ethereum('ETH', silent), ethereum('USDT', silent)]);
    const table = await screen.findByRole('table', { name: messages.solvencyOnChainTitle });
    expect(within(table).getAllByText(messages.solvencyUnavailable)).toHaveLength(2);
    expect(within(table).getAllByText('3.0000')).toHaveLength(2);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Ethereum did not answer: its on-chain figures are unavailable, the ledger’s are shown.',
    );
  });
});
