import type { SortOrder } from '@exchange/contracts';
import { useState } from 'react';
import type { Column } from '../../components/ui/data-table';
import { Select } from '../../components/ui/select';

/** A list's sort as the server reads it: one of its column names and the direction. */
export interface ListSortState<K extends string> {
  readonly sort: K;
  readonly order: SortOrder;
}

/**
 * The sort of one admin list: `toggle(column)` sorts by a new column (newest or largest first) or
 * turns the current one around; `set` takes a sort whole (the phone's select).
 */
export function useListSort<K extends string>(initial: ListSortState<K>) {
  const [state, set] = useState<ListSortState<K>>(initial);
  const toggle = (sort: K) =>
    set((current) =>
      current.sort === sort
        ? { sort, order: current.order === 'asc' ? 'desc' : 'asc' }
        : { sort, order: 'desc' },
    );
  return { state, toggle, set };
}

const arrows = { asc: '▲', desc: '▼' } as const;

/**
 * A column header that sorts the list: a button naming the column and the direction it would sort
 * next (its th carries aria-sort, see `sortableColumns`), so keyboard and screen reader users sort
 * as a mouse does.
 */
export function SortHeader({
  label,
  active,
  order,
  onSort,
}: {
  readonly label: string;
  readonly active: boolean;
  readonly order: SortOrder;
  readonly onSort: () => void;
}) {
  const next = active && order === 'desc' ? 'ascending' : 'descending';
  return (
    <button
      type="button"
      onClick={onSort}
      aria-label={`Sort by ${label}, ${next}`}
      className="inline-flex items-center gap-1 uppercase hover:text-ink focus-visible:text-ink"
    >
      {label}
      <span aria-hidden="true" className={active ? 'text-accent' : 'opacity-40'}>
        {active ? arrows[order] : '↕'}
      </span>
    </button>
  );
}

/**
 * The columns with a sort button in the headers of those the server sorts by (`sortable` maps a
 * column's id to the list's sort name) and aria-sort on each of them.
 */
export function sortableColumns<T, K extends string>(
  columns: readonly Column<T>[],
  sortable: Partial<Record<string, K>>,
  state: ListSortState<K>,
  onSort: (sort: K) => void,
): Column<T>[] {
  return columns.map((column) => {
    const sort = sortable[column.id];
    if (sort === undefined || typeof column.header !== 'string') return column;
    const active = state.sort === sort;
    return {
      ...column,
      label: column.header,
      sort: active ? (state.order === 'asc' ? 'ascending' : 'descending') : 'none',
      header: (
        <SortHeader label={column.header} active={active} order={state.order} onSort={() => onSort(sort)} />
      ),
    };
  });
}

/**
 * The same sort as a select, for phones, where the table's headers give way to cards: one option per
 * sortable column and direction.
 */
export function SortSelect<K extends string>({
  options,
  state,
  onChange,
}: {
  readonly options: readonly { readonly sort: K; readonly label: string }[];
  readonly state: ListSortState<K>;
  readonly onChange: (state: ListSortState<K>) => void;
}) {
  const choices = options.flatMap(({ sort, label }) => [
    { value: `${sort}:desc`, label: `${label} ▼` },
    { value: `${sort}:asc`, label: `${label} ▲` },
  ]);
  return (
    <div className="sm:hidden">
      <Select
        label="Sort by"
        options={choices}
        value={`${state.sort}:${state.order}`}
        onChange={(event) => {
          const [sort, order] = event.target.value.split(':') as [K, SortOrder];
          onChange({ sort, order });
        }}
      />
    </div>
  );
}
