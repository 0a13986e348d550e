import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../lib/session-token';
import { StatementControl } from './statement-control';

const NOW = Date.parse('2026-06-15T12:00:00Z');
let asked: string[];
let saved: string[];

function stubServer(answer: () => Response) {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return answer();
    }),
  );
}

beforeEach(() => {
  setAccessToken('token');
  saved = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('StatementControl', () => {
  it('downloads the statement for the chosen dates, the last 30 days by default', async () => {
    stubServer(() => new Response('asset,time_utc\r\n', { status: 200 }));
    render(<StatementControl now={() => NOW} />);
    expect(screen.getByLabelText('From')).toHaveValue('2026-05-16');
    expect(screen.getByLabelText('To')).toHaveValue('2026-06-15');
    await userEvent.clear(screen.getByLabelText('From'));
    await userEvent.type(screen.getByLabelText('From'), '2026-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Download statement' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(asked).toEqual(['/api/v1/wallet/statement/export.csv?from=2026-01-01&to=2026-06-15']);
    expect(saved[0]).toMatch(/^statement-2026-01-01-to-2026-06-15-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's reason under the dates when it refuses the range", async () => {
    stubServer(
      () =>
        new Response(
          JSON.stringify({
            status: false,
            code: 'validation_failed',
            message: 'A statement covers at most 366 days',
          }),
          { status: 400 },
        ),
    );
    render(<StatementControl now={() => NOW} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download statement' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A statement covers at most 366 days');
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Download statement' })).toBeEnabled();
  });
});
