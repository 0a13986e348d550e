import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { messages as m } from '@exchange/contracts';
import { csvLine } from '@exchange/domain';
import type { FastifyReply } from 'fastify';
import type { PlatformContext } from './app-context';
import { sessionOf } from './auth';
import { type Tx, withoutRetry } from './db';
import { AppError } from './errors';
import { type ExportSlots, exportSlots } from './export-slots';
import type { KeysetCursor } from './list-sort';

/** Rows one export reads per query: a page of the list, never the whole history at once. */
export const EXPORT_PAGE_ROWS = 500;

/** What an export needs of the context: the database, the log for a failed one, the date for its name. */
export type ExportContext = Pick<PlatformContext, 'db' | 'logger' | 'clock'>;

/** Cells of one CSV row; null is an empty cell. */
export type CsvRow = readonly (string | null)[];

/** One CSV download: its file name, the header row and its rows, read inside the export's transaction. */
export interface CsvExport {
  /** The file's name without the date or extension, e.g. `transactions`. */
  readonly name: string;
  readonly header: readonly string[];
  readonly rows: (tx: Tx) => AsyncIterable<CsvRow>;
}

/**
 * A list's rows a page at a time: page 1, 2, ... of `pageRows` rows (each list's own query, filters
 * and order) until a page comes back short.
 */
export async function* pagedRows<T>(
  page: (page: number, limit: number) => Promise<readonly T[]>,
  cells: (item: T) => CsvRow,
  pageRows = EXPORT_PAGE_ROWS,
): AsyncGenerator<CsvRow> {
  for (let n = 1; ; n += 1) {
    const items = await page(n, pageRows);
    for (const item of items) yield cells(item);
    if (items.length < pageRows) return;
  }
}

/**
 * A list's rows by keyset pages: each query asks for the `pageRows` rows after the last one read
 * (`cursorOf` names its sorted value and id), so the millionth row costs what the first did and only
 * one page is ever held. Reading stops at a short page.
 */
export async function* keysetRows<T>(
  page: (after: KeysetCursor | undefined, limit: number) => Promise<readonly T[]>,
  cursorOf: (item: T) => KeysetCursor,
  cells: (item: T) => CsvRow,
  pageRows = EXPORT_PAGE_ROWS,
): AsyncGenerator<CsvRow> {
  let after: KeysetCursor | undefined;
  for (;;) {
    const items = await page(after, pageRows);
    for (const item of items) yield cells(item);
    const last = items.at(-1);
    if (items.length < pageRows || last === undefined) return;
    after = cursorOf(last);
  }
}

/** `transactions-2026-12-02.csv`: the tab and the UTC day it was downloaded. */
export function exportFileName(name: string, now: Date): string {
  return `${name}-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * Streams a CSV download: the header row, then the rows as they are read, each written to the
 * reply as it comes (waiting whenever the client has not taken what was sent), so a long history
 * never sits in memory. The pages are read in one read-only REPEATABLE READ
 * transaction: every page sees the same snapshot, so a row written meanwhile neither shifts a row
 * onto two pages nor drops one between them. It runs once (no retry): rows already sent cannot be
 * taken back. A failure after the header ends the download early; the client sees a cut-off file
 * and the log has the error. A download holds a database connection while it runs, so the caller's
 * running downloads are capped (export-slots.ts): one beyond the cap is refused with 429 before
 * anything is read.
 */
export function sendCsv(
  reply: FastifyReply,
  ctx: ExportContext,
  csv: CsvExport,
  slots: ExportSlots = exportSlots,
): FastifyReply {
  const slot = slots.take(sessionOf(reply.request).userId);
  if (!slot.ok)
    throw new AppError('rate_limited', slot.reason === 'owner' ? m.exportBusyOwner : m.exportBusyTotal);
  const out = new PassThrough();
  // A client that went away destroys the stream: 'close' then ends the wait, and the loop stops.
  const write = async (text: string) => {
    if (out.write(text) || out.destroyed) return;
    const waited = new AbortController();
    const { signal } = waited;
    await Promise.race([once(out, 'drain', { signal }), once(out, 'close', { signal })]).finally(() =>
      waited.abort(),
    );
  };
  const run = async () => {
    await write(csvLine(csv.header));
    await withoutRetry(ctx.db).transaction(
      async (tx) => {
        for await (const row of csv.rows(tx)) {
          if (out.destroyed) return;
          await write(csvLine(row));
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    // The connection is back in the pool: the slot is free before the client sees the end.
    slot.release();
    if (!out.destroyed) out.end();
  };
  run()
    .catch((error: unknown) => {
      ctx.logger.error({ err: error, export: csv.name }, 'CSV export failed');
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    })
    .finally(slot.release);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${exportFileName(csv.name, ctx.clock.now())}"`)
    .header('cache-control', 'no-store')
    .send(out);
}

/** A History tab's columns (the contracts' ExportColumns): its file's name, the header, an item's cells. */
export interface ListColumns<T> {
  readonly name: string;
  readonly header: readonly string[];
  readonly cells: (item: T) => CsvRow;
}

/**
 * A History list as a CSV download: its own page query (`page(tx, n, limit)`, with the request's
 * search, filters and order, the caller's rows only), read page after page into the stream.
 */
export function sendListCsv<T>(
  reply: FastifyReply,
  ctx: ExportContext,
  columns: ListColumns<T>,
  page: (tx: Tx, page: number, limit: number) => Promise<readonly T[]>,
): FastifyReply {
  return sendCsv(reply, ctx, {
    name: columns.name,
    header: columns.header,
    rows: (tx) => pagedRows((n, limit) => page(tx, n, limit), columns.cells),
  });
}

/**
 * A back-office list as a CSV download: the list's own query with the request's filters and sort,
 * read by keyset pages (`page(tx, after, limit)`: the rows after the cursor) into the stream.
 */
export function sendKeysetCsv<T>(
  reply: FastifyReply,
  ctx: ExportContext,
  columns: ListColumns<T>,
  page: (tx: Tx, after: KeysetCursor | undefined, limit: number) => Promise<readonly T[]>,
  cursorOf: (item: T) => KeysetCursor,
): FastifyReply {
  return sendCsv(reply, ctx, {
    name: columns.name,
    header: columns.header,
    rows: (tx) => keysetRows((after, limit) => page(tx, after, limit), cursorOf, columns.cells),
  });
}
