import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FlashValue } from './flash-value';

describe('FlashValue', () => {
  it('flashes up when the value rises and down when it falls, not on the first render', () => {
    const view = render(<FlashValue value="100.5">$100.50</FlashValue>);
    expect(screen.getByText('$100.50')).not.toHaveAttribute('data-flash');
    view.rerender(<FlashValue value="101">$101.00</FlashValue>);
    expect(screen.getByText('$101.00')).toHaveAttribute('data-flash', 'up');
    expect(screen.getByText('$101.00')).toHaveClass('flash-up');
    view.rerender(<FlashValue value="99.99">$99.99</FlashValue>);
    expect(screen.getByText('$99.99')).toHaveAttribute('data-flash', 'down');
  });
});
