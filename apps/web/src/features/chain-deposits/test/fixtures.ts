import type { ChainDeposit, DepositNetwork } from '@exchange/contracts';
import type { FakeRoute } from '../../wallet/test/fake-api';

export const ethereum: DepositNetwork = {
  chain: 'ethereum',
  name: 'Ethereum',
  chain_id: 31337,
  token_contract: null,
  min_deposit: '0.001',
  confirmations: 12,
  explorer_url: 'https://explorer.test',
};

export const usdtOnEthereum: DepositNetwork = {
  ...ethereum,
  name: 'Ethereum (ERC-20)',
  token_contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  min_deposit: '1',
};

export const usdtOnBsc: DepositNetwork = {
  chain: 'bsc',
  name: 'BNB Smart Chain (BEP-20)',
  chain_id: 56,
  token_contract: '0x55d398326f99059fF775485246999027B3197955',
  min_deposit: '5',
  confirmations: 15,
  explorer_url: null,
};

/** ETH on one chain, USDT on two; every other coin has none. */
export const networksAnswer = () => ({
  body: {
    status: true,
    message: 'Deposit networks',
    data: [
      { asset: 'ETH', networks: [ethereum] },
      { asset: 'USDT', networks: [usdtOnEthereum, usdtOnBsc] },
    ],
  },
});

export const ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
export const BSC_ADDRESS = '0x2546BcD3c84621e976D8185a91A922aE77ECEc30';

/** POST /wallet/deposit-address as the server answers a KYC-verified customer. */
export const addressRoute: FakeRoute = ({ body }) => {
  const { asset, chain } = body as { asset: string; chain: string };
  const network = chain === 'bsc' ? usdtOnBsc : asset === 'USDT' ? usdtOnEthereum : ethereum;
  return {
    body: {
      status: true,
      message: 'Deposit address',
      data: { asset, network, address: chain === 'bsc' ? BSC_ADDRESS : ADDRESS },
    },
  };
};

export function deposit(index: number, overrides: Partial<ChainDeposit> = {}): ChainDeposit {
  const hash = `0x${index.toString(16).padStart(4, '0')}${'ab'.repeat(30)}`;
  return {
    _id: `d-${index}`,
    asset: 'ETH',
    chain: 'ethereum',
    amount: '0.5',
    tx_hash: hash,
    log_index: 0,
    confirmations: 3,
    required_confirmations: 12,
    status: 'PENDING',
    explorer_tx_url: `https://explorer.test/tx/${hash}`,
    createdAt: `2026-05-${String((index % 28) + 1).padStart(2, '0')}T10:00:00.000Z`,
    credited_at: null,
    ...overrides,
  };
}

/**
 * A stand-in for POST /wallet/chain-deposits: the page the body asks for, of the deposits whose coin,
 * tx hash or status contains the search, newest first as given, with their total.
 */
export function depositsRoute(items: readonly ChainDeposit[], bodies: unknown[] = []): FakeRoute {
  return ({ body }) => {
    bodies.push(body);
    const { page = 1, limit = 10, search } = body as { page?: number; limit?: number; search?: string };
    const term = search?.toLowerCase() ?? '';
    const matching = term
      ? items.filter((item) =>
          [item.asset, item.tx_hash, item.status].some((field) => field.toLowerCase().includes(term)),
        )
      : items;
    return {
      body: {
        status: true,
        message: 'Chain deposits',
        data: {
          content: matching.slice((page - 1) * limit, page * limit),
          total: matching.length,
          page,
          limit,
        },
      },
    };
  };
}
