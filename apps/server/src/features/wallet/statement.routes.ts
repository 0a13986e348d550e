import {
  exportPath,
  messages,
  STATEMENT_CSV_HEADER,
  STATEMENT_RANGE_REJECTIONS,
  type StatementAsset,
  statementQuerySchema,
  statementResponseSchema,
} from '@exchange/contracts';
import { type StatementRange, statementRange } from '@exchange/domain';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import { type CsvRow, sendCsv } from '../../platform/csv-export';
import { withoutRetry } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { type StatementLine, statementLines } from './get-statement';

const SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/** The range the dates ask for, or the 400 that says what is wrong with them. */
function rangeOf(ctx: Pick<AppContext, 'clock'>, query: { from: string; to: string }): StatementRange {
  const range = statementRange(query.from, query.to, ctx.clock.now().getTime());
  if (range.ok) return range.value;
  const { code, message } = STATEMENT_RANGE_REJECTIONS[range.code];
  throw new AppError(code, message);
}

/** A statement's lines as the screen reads them: one object per asset. */
function collect(lines: StatementLine[]): StatementAsset[] {
  const assets: {
    asset: string;
    opening: string;
    movements: StatementAsset['movements'];
    closing: string;
  }[] = [];
  for (const line of lines) {
    if (line.type === 'opening')
      assets.push({ asset: line.asset, opening: line.balance, movements: [], closing: '' });
    const current = assets.at(-1);
    if (!current) continue;
    if (line.type === 'movement') {
      const { time, kind, reference, amount, balance } = line;
      current.movements.push({ time, kind, reference, amount, balance });
    }
    if (line.type === 'closing') current.closing = line.balance;
  }
  return assets;
}

/** A statement's lines as the file's rows: the opening and closing rows carry their instant. */
async function* csvRows(lines: AsyncIterable<StatementLine>, range: StatementRange): AsyncGenerator<CsvRow> {
  const start = new Date(range.fromMs).toISOString();
  const end = new Date(range.toExclusiveMs - 1).toISOString();
  for await (const line of lines) {
    if (line.type === 'opening') yield [line.asset, start, 'OPENING_BALANCE', null, null, line.balance];
    if (line.type === 'movement')
      yield [line.asset, line.time, line.kind, line.reference, line.amount, line.balance];
    if (line.type === 'closing') yield [line.asset, end, 'CLOSING_BALANCE', null, null, line.balance];
  }
}

/**
 * Signed-in scope: the account statement for a range of UTC days, as JSON for the History page and as
 * a CSV file, both from the ledger's postings in one consistent snapshot.
 */
export function statementRoutes(app: ZodApi, ctx: AppContext): void {
  app.get(
    '/wallet/statement',
    { schema: { querystring: statementQuerySchema, response: { 200: statementResponseSchema } } },
    async (request) => {
      const range = rangeOf(ctx, request.query);
      const userId = sessionOf(request).userId;
      const lines = await withoutRetry(ctx.db).transaction(async (tx) => {
        const read: StatementLine[] = [];
        for await (const line of statementLines(tx, userId, range)) read.push(line);
        return read;
      }, SNAPSHOT);
      const { from, to } = request.query;
      return { status: true, message: messages.statementLoaded, data: { from, to, assets: collect(lines) } };
    },
  );

  app.get(
    exportPath('/wallet/statement'),
    { schema: { querystring: statementQuerySchema } },
    async (request, reply) => {
      const range = rangeOf(ctx, request.query);
      const userId = sessionOf(request).userId;
      return sendCsv(reply, ctx, {
        name: `statement-${request.query.from}-to-${request.query.to}`,
        header: STATEMENT_CSV_HEADER,
        rows: (tx) => csvRows(statementLines(tx, userId, range), range),
      });
    },
  );
}
