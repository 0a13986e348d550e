import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type Column, DataTable } from './data-table';

interface Trade {
  readonly id: string;
  readonly coin: string;
  readonly amount: string;
  readonly from: { readonly currency_code: string };
}

const columns: Column<Trade>[] = [
  { id: 'id', header: 'Id' },
  { id: 'coin', header: 'Coin' },
  { id: 'amount', header: 'Amount', align: 'right' },
];

// 23 rows: three pages of 10, 10 and 3. Every seventh row is ETH, paid from USDT.
const trades: Trade[] = Array.from({ length: 23 }, (_, index) => ({
  id: `T${String(index + 1).padStart(2, '0')}`,
  coin: index % 7 === 0 ? 'ETH' : 'BTC',
  amount: `${index + 1}.5`,
  from: { currency_code: index % 7 === 0 ? 'USDT' : 'USD' },
}));

function bodyRows() {
  const table = screen.getByRole('table', { name: 'Trades' });
  return within(table).getAllByRole('row').slice(1);
}

function firstCells() {
  return bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent);
}

describe('DataTable', () => {
  it('shows 10 rows a page and moves with the previous and next arrows', async () => {
    const user = userEvent.setup();
    render(<DataTable label="Trades" columns={columns} rows={trades} rowKey={(row) => row.id} />);

    expect(firstCells()).toEqual(trades.slice(0, 10).map((trade) => trade.id));
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(firstCells()).toEqual(trades.slice(10, 20).map((trade) => trade.id));

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(firstCells()).toEqual(['T21', 'T22', 'T23']);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('searches every field value, nested ones too, ignoring case, and Clear Filter brings all rows back', async () => {
    const user = userEvent.setup();
    render(<DataTable label="Trades" columns={columns} rows={trades} rowKey={(row) => row.id} />);

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    // 'usdt' is only in the nested from.currency_code, which no column shows.
    await user.type(screen.getByRole('searchbox', { name: 'Search Trades' }), 'usdt');
    expect(firstCells()).toEqual(['T01', 'T08', 'T15', 'T22']);
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear Filter' }));
    expect(screen.getByRole('searchbox', { name: 'Search Trades' })).toHaveValue('');
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('says No data found when nothing matches, and the admin lists can say No Data Found', async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <DataTable label="Trades" columns={columns} rows={trades} rowKey={(row) => row.id} />,
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search Trades' }), 'doge');
    expect(screen.getByText('No data found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();

    rerender(
      <DataTable
        label="Trades"
        columns={columns}
        rows={[]}
        rowKey={(row) => row.id}
        emptyMessage="No Data Found"
      />,
    );
    expect(screen.getByText('No Data Found')).toBeInTheDocument();
  });

  it('shows skeleton rows while the first load is in flight', () => {
    render(<DataTable label="Trades" columns={columns} rows={undefined} loading rowKey={(row) => row.id} />);
    const table = screen.getByRole('table', { name: 'Trades' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(bodyRows()).toHaveLength(5);
    expect(screen.queryByText('No data found')).not.toBeInTheDocument();
  });

  describe('with server paging', () => {
    /** A stand-in server: 10 rows a page of the trades whose coin contains the term. */
    function ServerList({ asked }: { readonly asked: string[] }) {
      const [page, setPage] = useState(1);
      const [search, setSearch] = useState('');
      asked.push(`${page}:${search}`);
      const matching = trades.filter((trade) => trade.coin.toLowerCase().includes(search.toLowerCase()));
      return (
        <DataTable
          label="Trades"
          columns={columns}
          rows={matching.slice((page - 1) * 10, page * 10)}
          rowKey={(row) => row.id}
          server={{ page, total: matching.length + 1000, onPageChange: setPage, search, onSearch: setSearch }}
          pager={{ noun: 'rows' }}
        />
      );
    }

    it('shows the page it is given, counts the server total and asks for other pages and terms', async () => {
      const user = userEvent.setup();
      const asked: string[] = [];
      render(<ServerList asked={asked} />);
      expect(firstCells()[0]).toBe('T01');
      // The total is the server's, not the rows in hand.
      expect(screen.getByText('Page 1 of 103 · 1023 rows')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Clear Filter' })).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(screen.getByText('Page 2 of 103 · 1023 rows')).toBeInTheDocument();
      expect(firstCells()[0]).toBe('T11');

      await user.type(screen.getByRole('searchbox', { name: 'Search Trades' }), ' eth ');
      expect(asked.at(-1)).toBe('1:eth');
      expect(firstCells()).toEqual(['T01', 'T08', 'T15', 'T22']);
    });

    it('shows placeholders until the first page arrives', () => {
      render(
        <DataTable
          label="Trades"
          columns={columns}
          rows={undefined}
          rowKey={(row) => row.id}
          server={{ page: 1, total: 0, onPageChange: () => undefined }}
        />,
      );
      expect(bodyRows()).toHaveLength(5);
      expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    });
  });
});
