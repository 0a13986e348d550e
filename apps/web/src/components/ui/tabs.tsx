import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn';

export interface TabItem {
  readonly id: string;
  readonly label: ReactNode;
  readonly content: ReactNode;
}

interface TabsProps {
  readonly items: readonly TabItem[];
  /** Controlled selection; leave out to let the tabs keep their own. */
  readonly value?: string;
  readonly defaultValue?: string;
  readonly onValueChange?: (id: string) => void;
  /** Names the tab list for screen readers, e.g. 'History'. */
  readonly label: string;
  readonly className?: string;
}

/**
 * WAI-ARIA tabs: one tab stop for the list, arrow keys, Home and End move between tabs, and only
 * the selected panel is rendered (so a panel's queries run when it is opened).
 */
export function Tabs({ items, value, defaultValue, onValueChange, label, className }: TabsProps) {
  const baseId = useId();
  const [own, setOwn] = useState(defaultValue ?? items[0]?.id ?? '');
  const selected = value ?? own;
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  const select = (id: string) => {
    if (value === undefined) setOwn(id);
    onValueChange?.(id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.id === selected);
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index >= last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index <= 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const item = items[next];
    if (!item) return;
    select(item.id);
    tabRefs.current.get(item.id)?.focus();
  };

  const active = items.find((item) => item.id === selected) ?? items[0];

  // On a narrow screen the list scrolls sideways; a fade on the side with more tabs says so.
  const listRef = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const left = list.scrollLeft > 1;
    const right = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
    setMore((was) => (was.left === left && was.right === right ? was : { left, right }));
  }, []);
  useEffect(() => {
    measure();
    if (typeof ResizeObserver === 'undefined' || !listRef.current) return;
    const observer = new ResizeObserver(measure);
    observer.observe(listRef.current);
    return () => observer.disconnect();
  }, [measure]);
  // The selected tab scrolls into view, so a tab opened from elsewhere is never hidden off the edge.
  // Only the list scrolls, sideways: scrollIntoView also scrolled the page to a tab list below the
  // fold, so on a phone /buy-sell opened 53 px down with its title under the header.
  useEffect(() => {
    const list = listRef.current;
    const tab = active ? tabRefs.current.get(active.id) : undefined;
    if (!list || !tab) return;
    const listBox = list.getBoundingClientRect();
    const tabBox = tab.getBoundingClientRect();
    if (tabBox.left < listBox.left) list.scrollLeft -= listBox.left - tabBox.left;
    else if (tabBox.right > listBox.right) list.scrollLeft += tabBox.right - listBox.right;
  }, [active]);

  return (
    <div className={className}>
      <div className="relative">
        <div
          ref={listRef}
          role="tablist"
          aria-label={label}
          onKeyDown={onKeyDown}
          onScroll={measure}
          className="flex gap-1 overflow-x-auto border-b border-line [scrollbar-width:none]"
        >
          {items.map((item) => {
            const isSelected = item.id === active?.id;
            return (
              <button
                key={item.id}
                ref={(node) => {
                  if (node) tabRefs.current.set(item.id, node);
                  else tabRefs.current.delete(item.id);
                }}
                type="button"
                role="tab"
                id={`${baseId}-tab-${item.id}`}
                aria-selected={isSelected}
                aria-controls={`${baseId}-panel-${item.id}`}
                tabIndex={isSelected ? 0 : -1}
                onClick={() => select(item.id)}
                className={cn(
                  '-mb-px border-b-2 px-4 py-2.5 text-sm font-medium whitespace-nowrap transition-colors',
                  isSelected ? 'border-accent text-accent' : 'border-transparent text-muted hover:text-ink',
                )}
              >
                {item.label}
              </button>
            );
          })}
        </div>
        <span
          aria-hidden="true"
          data-testid="tabs-more-left"
          hidden={!more.left}
          className="pointer-events-none absolute inset-y-0 left-0 w-10 bg-gradient-to-r from-canvas to-transparent"
        />
        <span
          aria-hidden="true"
          data-testid="tabs-more-right"
          hidden={!more.right}
          className="pointer-events-none absolute inset-y-0 right-0 w-10 bg-gradient-to-l from-canvas to-transparent"
        />
      </div>
      {active ? (
        <div
          role="tabpanel"
          id={`${baseId}-panel-${active.id}`}
          aria-labelledby={`${baseId}-tab-${active.id}`}
          className="pt-4"
        >
          {active.content}
        </div>
      ) : null}
    </div>
  );
}
