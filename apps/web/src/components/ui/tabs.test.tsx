import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tabs } from './tabs';

const items = ['Transactions', 'Stakes', 'Swap', 'Order Transaction'].map((name) => ({
  id: name,
  label: name,
  content: <p>{name} list</p>,
}));

/**
 * jsdom lays nothing out and does not scroll: the list is given a 300 px box that scrolls, and its
 * tabs 120 px each, moved by the list's scroll.
 */
function layOut(list: HTMLElement, tabs: readonly HTMLElement[]) {
  let scrolled = 0;
  Object.defineProperty(list, 'scrollLeft', {
    configurable: true,
    get: () => scrolled,
    set: (value: number) => {
      scrolled = value;
    },
  });
  vi.spyOn(list, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, width: 300, height: 40 }));
  for (const [index, tab] of tabs.entries()) {
    vi.spyOn(tab, 'getBoundingClientRect').mockImplementation(() =>
      DOMRect.fromRect({ x: index * 120 - scrolled, width: 120, height: 40 }),
    );
  }
}

const ownScrollIntoView = Element.prototype.scrollIntoView;

describe('Tabs', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    Element.prototype.scrollIntoView = ownScrollIntoView;
  });

  it('brings the selected tab into view by scrolling the list sideways, never the page', async () => {
    const pageScroll = vi.fn();
    Element.prototype.scrollIntoView = pageScroll;
    const view = render(<Tabs label="History" items={items} defaultValue="Transactions" />);
    const list = screen.getByRole('tablist', { name: 'History' });
    layOut(list, screen.getAllByRole('tab'));

    // The last tab ends at 480 px: the list scrolls 180 px to show it whole.
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Order Transaction' }));
    expect(list.scrollLeft).toBe(180);
    expect(screen.getByText('Order Transaction list')).toBeInTheDocument();

    view.rerender(<Tabs label="History" items={items} value="Transactions" />);
    expect(list.scrollLeft).toBe(0);
    // A tab list below the fold (the trading page's 'Your orders' on a phone) must not move the page.
    expect(pageScroll).not.toHaveBeenCalled();
  });
});
