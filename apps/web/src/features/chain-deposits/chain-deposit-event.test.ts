import type { ChainDepositsResponse } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { readChainDepositEvent, withDeposit } from './chain-deposit-event';
import { deposit } from './test/fixtures';

const page = (rows = [deposit(1), deposit(2)]): ChainDepositsResponse => ({
  status: true,
  message: 'Chain deposits',
  data: { content: rows, total: rows.length, page: 1, limit: 10 },
});

describe('the chain_deposit event', () => {
  it('reads the deposit of a chain_deposit frame and nothing else', () => {
    expect(readChainDepositEvent({ type: 'chain_deposit', deposit: deposit(1) })).toEqual(deposit(1));
    expect(readChainDepositEvent({ type: 'chain_deposit', ...deposit(1) })).toEqual(deposit(1));
    expect(readChainDepositEvent({ type: 'balance' })).toBeNull();
    expect(readChainDepositEvent({ type: 'chain_deposit', deposit: { _id: 'x' } })).toBeNull();
    expect(
      readChainDepositEvent({ type: 'chain_deposit', deposit: { ...deposit(1), amount: 1 } }),
    ).toBeNull();
    expect(readChainDepositEvent(null)).toBeNull();
    expect(readChainDepositEvent('chain_deposit')).toBeNull();
  });

  it("replaces the deposit's row on a page that holds it, and leaves another page as it is", () => {
    const newer = deposit(2, { confirmations: 9 });
    const cached = page();
    const next = withDeposit(cached, newer);
    expect(next.held).toBe(true);
    expect(next.response?.data.content).toEqual([deposit(1), newer]);
    expect(cached.data.content[1]).toEqual(deposit(2));

    const other = page([deposit(5)]);
    expect(withDeposit(other, newer)).toEqual({ response: other, held: false });
    expect(withDeposit(undefined, newer)).toEqual({ response: undefined, held: false });
  });
});
