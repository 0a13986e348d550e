import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ProTradingBuySellPage } from './protrading-buy-sell-page';

const info = vi.hoisted(() => vi.fn());
vi.mock('../../../components/ui/toaster', () => ({ toast: info }));

describe('/protrading-buy-sell', () => {
  it('is a labelled static preview whose buttons only say so', async () => {
    const user = userEvent.setup();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    render(<ProTradingBuySellPage />);
    expect(screen.getByText('Preview')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Markets' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Order book' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Open orders' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Quick Buy' }));
    await user.click(screen.getByRole('tab', { name: 'Limit' }));
    await user.click(screen.getByRole('button', { name: 'Quick Sell' }));
    expect(info).toHaveBeenCalledTimes(2);
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});
