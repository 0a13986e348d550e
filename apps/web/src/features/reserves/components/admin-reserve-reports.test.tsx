import { messages, type ReserveReportSummary } from '@exchange/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { customer, type FakeRoute, fakeApi } from '../../wallet/test/fake-api';
import { AdminReserveReports } from './admin-reserve-reports';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ok = (data: unknown): ReturnType<FakeRoute> => ({ body: { status: true, message: 'ok', data } });

function summary(seq: number, trigger: 'SCHEDULE' | 'ADMIN'): ReserveReportSummary {
  return {
    _id: `00000000-0000-4000-8000-00000000000${seq}`,
    seq,
    created_at: '2026-12-02T10:00:00.000Z',
    trigger,
    root_hash: String(seq).repeat(64),
    report_hash: 'ab'.repeat(32),
    previous_hash: null,
    leaf_count: 2,
    lines: [
      { asset: 'LTC', liabilities: '1.50000000', assets: '1.75000000', ratio: '1.1666', source: 'chain' },
    ],
  };
}

describe("the admin's proof of reserves section", () => {
  it('makes a report after a confirmation and lists it on top', async () => {
    const reports = [summary(1, 'SCHEDULE')];
    const calls = fakeApi(customer(true), {
      'GET /reserves/reports': () => ok({ content: [...reports], total: reports.length, page: 1, limit: 10 }),
      'POST /admin/reserves/reports': () => {
        reports.unshift(summary(2, 'ADMIN'));
        return ok({ ...reports[0], assets: [], totals: [], address_proofs: [], usd_statement: null });
      },
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <AdminReserveReports />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table', { name: messages.reservesRecent });
    expect(await within(table).findByText(messages.reservesTriggerSchedule)).toBeTruthy();
    expect(within(table).getByText('LTC 1.1666')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: messages.reservesMakeNow }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(messages.reservesMakeQuestion)).toBeTruthy();
    expect(calls.filter((call) => call.key === 'POST /admin/reserves/reports')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: messages.reservesMakeNow }));
    expect(await within(table).findByText(messages.reservesTriggerAdmin)).toBeTruthy();
    expect(calls.filter((call) => call.key === 'POST /admin/reserves/reports')).toHaveLength(1);
  });
});
