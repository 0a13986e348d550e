import { useState } from 'react';
import type { ServerPaging } from './data-table';

/**
 * Whether the server's `rows` answer the page, term and filter now asked for. The rows answer what was asked
 * when they arrived: a new array that came while the table asked for page 2 of 'alice' is that page.
 * The same array still held after one of them changed (the query keeps its previous data while
 * the next request is in flight) answers the question before. Rows in hand always answer.
 */
export function useAnsweredQuery<T>(
  rows: readonly T[] | undefined,
  server: ServerPaging | undefined,
): boolean {
  const asked = server ? `${server.page}\n${server.search ?? ''}\n${server.filter ?? ''}` : '';
  const [last, setLast] = useState({ rows, asked });
  if (rows !== last.rows) {
    // New rows: they answer what is asked now (React re-renders at once with this state).
    setLast({ rows, asked });
    return true;
  }
  return server === undefined || rows === undefined || last.asked === asked;
}
