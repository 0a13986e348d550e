import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { networksAnswer } from '../../chain-deposits/test/fixtures';
import { customer, fakeApi } from '../../wallet/test/fake-api';
import { coinWithdrawal, GOOD_ADDRESS } from '../test/coin-withdrawal-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const HASH = `0x${'ab'.repeat(32)}`;

describe('History → Withdrawals of coins', () => {
  it('shows the coin amount, the label, the network and the hash linked to the explorer', async () => {
    const user = userEvent.setup();
    fakeApi(customer(true), {
      'GET /wallet/deposit-networks': networksAnswer,
      'GET /withdrawals': () => ({
        body: {
          status: true,
          message: 'Withdrawals',
          data: {
            content: [
              coinWithdrawal('COMPLETED', {
                label: 'Cold wallet',
                tx_hash: HASH,
                explorer_url: `https://explorer.test/tx/${HASH}`,
              }),
              coinWithdrawal('SENT', { _id: '55555555-5555-4555-8555-555555555555', tx_hash: HASH }),
            ],
            total: 2,
            page: 1,
            limit: 10,
          },
        },
      }),
    });
    renderApp('/history');
    await user.click(await screen.findByRole('tab', { name: 'Withdrawals' }, { timeout: 15_000 }));
    const table = await screen.findByRole('table', { name: 'Withdrawals' });
    const rows = await within(table).findAllByRole('row');
    const completed = rows.find((row) => within(row).queryByText('COMPLETED')) as HTMLElement;
    expect(within(completed).getByText('2.50000000 ETH')).toBeInTheDocument();
    expect(within(completed).getByText('2.49900000 ETH')).toBeInTheDocument();
    expect(within(completed).getByText('Cold wallet')).toBeInTheDocument();
    expect(within(completed).getByText(GOOD_ADDRESS)).toBeInTheDocument();
    expect(within(completed).getByText(/Network: Ethereum/)).toBeInTheDocument();
    const link = within(completed).getByRole('link', { name: '0xabab…abab' });
    expect(link).toHaveAttribute('href', `https://explorer.test/tx/${HASH}`);
    // Without an explorer the hash is shown, not linked.
    const sent = rows.find((row) => within(row).queryByText('Sent')) as HTMLElement;
    expect(within(sent).getByTestId('withdrawal-tx')).toHaveTextContent('0xabab…abab');
    expect(within(sent).queryByRole('link')).toBeNull();
  });

  it('reads itself again while a withdrawal is on its way, so COMPLETED and its hash show without a reload', async () => {
    const user = userEvent.setup();
    let reads = 0;
    fakeApi(customer(true), {
      'GET /wallet/deposit-networks': networksAnswer,
      'GET /withdrawals': () => {
        reads += 1;
        const row = reads === 1 ? coinWithdrawal('SENT') : coinWithdrawal('COMPLETED', { tx_hash: HASH });
        return {
          body: {
            status: true,
            message: 'Withdrawals',
            data: { content: [row], total: 1, page: 1, limit: 10 },
          },
        };
      },
    });
    renderApp('/history');
    await user.click(await screen.findByRole('tab', { name: 'Withdrawals' }, { timeout: 15_000 }));
    const table = await screen.findByRole('table', { name: 'Withdrawals' });
    expect(await within(table).findByText('Sent')).toBeInTheDocument();
    expect(await within(table).findByText('COMPLETED', {}, { timeout: 8_000 })).toBeInTheDocument();
    expect(within(table).getByTestId('withdrawal-tx')).toHaveTextContent('0xabab…abab');
    const settled = reads;
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    // Nothing on its way any more: no further reads.
    expect(reads).toBe(settled);
  }, 20_000);
});
