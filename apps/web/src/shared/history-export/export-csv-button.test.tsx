import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/ui/toaster';
import { setAccessToken } from '../../lib/session-token';
import { ExportCsvButton } from './export-csv-button';

let asked: { url: string; authorization: string | null }[];
let saved: { href: string; download: string }[];

function stubServer(answer: () => Response) {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push({ url: String(input), authorization: new Headers(init?.headers).get('authorization') });
      return answer();
    }),
  );
}

beforeEach(() => {
  setAccessToken('token');
  saved = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ExportCsvButton', () => {
  it("downloads the tab's export with its filters and the session's token, as a dated file", async () => {
    stubServer(
      () => new Response('time_utc,type\r\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
    );
    render(
      <ExportCsvButton
        listPath="/wallet/transactions"
        name="transactions"
        query={{ search: 'btc', status: '' }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(asked).toEqual([
      { url: '/api/v1/wallet/transactions/export.csv?search=btc', authorization: 'Bearer token' },
    ]);
    expect(saved[0]?.download).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(saved[0]?.href).toBe('blob:csv');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('says what went wrong when the server refuses, and saves nothing', async () => {
    const shown = vi.spyOn(toast, 'error');
    stubServer(
      () =>
        new Response(
          JSON.stringify({ status: false, message: 'Please Complete Your Kyc', code: 'kyc_required' }),
          {
            status: 403,
          },
        ),
    );
    render(<ExportCsvButton listPath="/swap/history" name="swaps" />);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(shown).toHaveBeenCalledWith('Please Complete Your Kyc'));
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});
