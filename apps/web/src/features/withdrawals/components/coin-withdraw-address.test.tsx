import type { WithdrawalTerms } from '@exchange/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { customer, fakeApi } from '../../wallet/test/fake-api';
import { ethTerms, GOOD_ADDRESS, page } from '../test/coin-withdrawal-fixtures';
import { CoinWithdrawFormStep } from './coin-withdraw-form-step';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** BIP-173's P2WPKH program under Litecoin's regtest part, as the e2e node hands them out. */
const LTC_ADDRESS = 'rltc1qw508d6qejxtdg4y5r3zarvary0c5xw7k693xs3';
const litecoin = { key: 'litecoin', name: 'Litecoin', explorer_url: null, address_prefix: 'rltc' };
const ltcTerms: WithdrawalTerms = { ...ethTerms, asset: 'LTC', chain: litecoin, chains: [litecoin] };

/** The border colour classes the field carries in every state (jsdom applies no Tailwind). */
function borderColours(element: HTMLElement): string[] {
  return element.className.split(/\s+/).filter((name) => /^(?:[a-z-]+:)*border-[a-z]+$/.test(name));
}

describe('Withdraw LTC: a wrong address, then the right one (issue 47)', () => {
  it('keeps the border red exactly as long as the message says the address is wrong', async () => {
    fakeApi(customer(true), { 'GET /withdrawals/addresses': () => ({ body: page([]) }) });
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <CoinWithdrawFormStep terms={ltcTerms} onRequested={vi.fn()} onCancel={vi.fn()} />
      </QueryClientProvider>,
    );
    const address = screen.getByLabelText('Address');
    await user.type(address, GOOD_ADDRESS);
    await user.click(screen.getByLabelText('Amount'));
    expect(
      await screen.findByText(/This is not an address of this network: it starts with rltc1/),
    ).toBeVisible();
    expect(address).toHaveAttribute('aria-invalid', 'true');

    // Back in the field to fix it: still wrong, so still red while it has focus.
    await user.clear(address);
    expect(address).toHaveFocus();
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(borderColours(address).filter((name) => !name.endsWith('border-danger'))).toEqual([]);

    await user.type(address, LTC_ADDRESS);
    await user.click(screen.getByLabelText('Amount'));
    expect(await screen.findByText(`Checksum matches: ${LTC_ADDRESS}`)).toBeVisible();
    expect(screen.queryByText(/not an address of this network/)).toBeNull();
    expect(screen.queryByText('Enter the address to send to')).toBeNull();
    expect(address).not.toHaveAttribute('aria-invalid');
    expect(borderColours(address).filter((name) => name.endsWith('border-danger'))).toEqual([]);
  });
});
