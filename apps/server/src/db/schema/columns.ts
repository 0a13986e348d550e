import { numeric, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
/** Minor units of an asset: whole numbers only, read and written as strings, parsed to bigint in code. */
export const minor = (name: string) => numeric(name, { precision: 38, scale: 0 });
