import { messages } from '@exchange/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithQuery } from '../../market/test/fakes';
import { ExchangeCalculator, isQuotableAmount } from './exchange-calculator';

function quote(from: string, to: string, amount: string, rate: string, result: string) {
  return jsonResponse({
    status: true,
    message: 'Quote',
    data: { from, to, amount, rate, result, at: '2026-01-01T10:00:00.000Z' },
  });
}

function requestedUrls(fetchMock: ReturnType<typeof vi.fn>): string[] {
  return fetchMock.mock.calls.map((call) => String(call[0]));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('exchange calculator', () => {
  it('shows the server-converted result of 1 BTC in USD, exactly as quoted', async () => {
    const fetchMock = vi.fn(async () => quote('BTC', 'USD', '1.00000000', '64429.740150950000', '64429.74'));
    vi.stubGlobal('fetch', fetchMock);
    renderWithQuery(<ExchangeCalculator />);

    expect(await screen.findByTestId('quote-result')).toHaveTextContent('64,429.74');
    expect(screen.getByText('1 BTC = 64,429.7401 USD')).toBeInTheDocument();
    expect(requestedUrls(fetchMock)).toEqual(['/api/v1/market/quote?from=BTC&to=USD&amount=1']);
  });

  it('asks again once typing stops, and the swap button reverses the direction', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn(async (url: string) => {
      if (url.includes('from=USD')) return quote('USD', 'BTC', '250.00', '0.000015520000', '0.00388000');
      return quote('BTC', 'USD', '2.50000000', '64429.740150950000', '161074.35');
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithQuery(<ExchangeCalculator />);
    await screen.findByTestId('quote-result');

    const amount = screen.getByLabelText('Amount');
    await user.clear(amount);
    await user.type(amount, '2.5');
    await waitFor(() => expect(screen.getByTestId('quote-result')).toHaveTextContent('161,074.35'));
    // Debounced: no request for the partial values '2' and '2.'.
    expect(requestedUrls(fetchMock).filter((url) => url.includes('amount=2&'))).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '250');
    await user.click(screen.getByRole('button', { name: 'Swap direction' }));
    expect(screen.getByLabelText('From')).toHaveValue('USD');
    expect(screen.getByLabelText('To')).toHaveValue('BTC');
    await waitFor(() => expect(screen.getByTestId('quote-result')).toHaveTextContent('0.003880'));
    expect(requestedUrls(fetchMock)).toContain('/api/v1/market/quote?from=USD&to=BTC&amount=250');
  });

  it('shows the rate-unavailable message when the server refuses a stale price (503)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ status: false, message: messages.rateUnavailable, code: 'price_unavailable' }, 503),
      ),
    );
    renderWithQuery(<ExchangeCalculator />);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error please try again after some time...',
    );
    expect(screen.queryByTestId('quote-result')).not.toBeInTheDocument();
  });

  it('does not ask for a quote of an empty or zero amount', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn(async () => quote('BTC', 'USD', '1.00000000', '1', '1.00'));
    vi.stubGlobal('fetch', fetchMock);
    renderWithQuery(<ExchangeCalculator />);
    await screen.findByTestId('quote-result');

    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '0');
    expect(await screen.findByText(messages.swapAmountPositive)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(isQuotableAmount('0.000')).toBe(false);
    expect(isQuotableAmount('1e5')).toBe(false);
    expect(isQuotableAmount('0.01')).toBe(true);
  });
});
