import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { adminAuditLog } from '../db/schema';
import { keysetRows } from './csv-export';
import { afterCursor, type KeysetCursor, listSort, pageOffset, sortOrderBy, statusIs } from './list-sort';

const dialect = new PgDialect();
const text = (sql: Parameters<PgDialect['sqlToQuery']>[0]) => dialect.sqlToQuery(sql);
const columns = { createdAt: adminAuditLog.createdAt, action: adminAuditLog.action };

describe('sorting an admin list by a whitelisted column', () => {
  it('orders by the column, then the id, in the asked direction', () => {
    const sort = listSort(columns, adminAuditLog.id, 'action', 'asc');
    const order = sortOrderBy(sort).map((part) => text(part).sql);
    expect(order).toEqual(['"admin_audit_log"."action" asc', '"admin_audit_log"."id" asc']);
    const newest = sortOrderBy(listSort(columns, adminAuditLog.id, 'createdAt', 'desc'));
    expect(newest.map((part) => text(part).sql)).toEqual([
      '"admin_audit_log"."created_at" desc',
      '"admin_audit_log"."id" desc',
    ]);
  });

  it('starts a keyset page after the last row, with the range an index can seek to first', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const asc = text(afterCursor(listSort(columns, adminAuditLog.id, 'action', 'asc'), { value: 'B', id })!);
    expect(asc.sql).toBe(
      '("admin_audit_log"."action" >= $1 and ("admin_audit_log"."action" > $2 or ("admin_audit_log"."action" = $3 and "admin_audit_log"."id" > $4)))',
    );
    expect(asc.params).toEqual(['B', 'B', 'B', id]);
    const desc = text(
      afterCursor(listSort(columns, adminAuditLog.id, 'action', 'desc'), { value: 'B', id })!,
    );
    expect(desc.sql).toContain('"admin_audit_log"."action" <= $1');
    expect(desc.sql).toContain('"admin_audit_log"."id" < $4');
    expect(afterCursor(listSort(columns, adminAuditLog.id, 'action', 'asc'), undefined)).toBeUndefined();
  });

  it('filters by one status or none, and pages from 1', () => {
    expect(statusIs(adminAuditLog.action, undefined)).toBeUndefined();
    expect(text(statusIs(adminAuditLog.action, 'ROLE_CHANGED')!).params).toEqual(['ROLE_CHANGED']);
    expect(pageOffset({ page: 1, limit: 10 })).toBe(0);
    expect(pageOffset({ page: 3, limit: 25 })).toBe(50);
  });
});

describe('keyset pages of an export', () => {
  // Rows sorted by value then id, with ties on the value across page ends.
  const rows = Array.from({ length: 23 }, (_, n) => ({
    value: Math.floor(n / 4),
    id: `id-${String(n).padStart(2, '0')}`,
  }));
  const after = (cursor: KeysetCursor | undefined) => (row: (typeof rows)[number]) =>
    !cursor || row.value > (cursor.value as number) || (row.value === cursor.value && row.id > cursor.id);

  it('reads every row once, in order, a page at a time, and holds one page', async () => {
    const asked: (KeysetCursor | undefined)[] = [];
    const read: string[] = [];
    for await (const cells of keysetRows(
      async (cursor, limit) => {
        asked.push(cursor);
        return rows.filter(after(cursor)).slice(0, limit);
      },
      (row) => ({ value: row.value, id: row.id }),
      (row) => [row.id],
      5,
    ))
      read.push(cells[0] ?? '');
    expect(read).toEqual(rows.map((row) => row.id));
    expect(asked).toHaveLength(5);
    expect(asked[0]).toBeUndefined();
    expect(asked[1]).toEqual({ value: 1, id: 'id-04' });
  });

  it('asks once more after a full last page and stops at the empty one', async () => {
    let calls = 0;
    const read = [];
    for await (const cells of keysetRows(
      async (cursor, limit) => {
        calls += 1;
        return rows.slice(0, 10).filter(after(cursor)).slice(0, limit);
      },
      (row) => ({ value: row.value, id: row.id }),
      (row) => [row.id],
      5,
    ))
      read.push(cells);
    expect(read).toHaveLength(10);
    expect(calls).toBe(3);
  });
});
