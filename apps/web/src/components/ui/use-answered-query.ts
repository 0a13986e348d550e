import { useState } from 'react';
import type { ServerPaging } from './server-paging';

/**
 * Whether the server's `rows` answer the page, term and filter now asked for. Rows answer what was
 * asked when they arrived (a new array) or once the list is no longer loading (the answer may equal
 * the rows held before: the query cache then hands back the same array). The same array still held
 * while the list loads after one of them changed is the previous question's answer, kept by a query
 * with keepPreviousData while the next request is in flight. Rows in hand always answer.
 */
export function useAnsweredQuery<T>(
  rows: readonly T[] | undefined,
  server: ServerPaging | undefined,
  loading: boolean,
): boolean {
  const asked = server ? `${server.page}\n${server.search ?? ''}\n${server.filter ?? ''}` : '';
  const [last, setLast] = useState({ rows, asked });
  const arrived = rows !== last.rows || !loading;
  // React renders again at once with this state, before anything is shown.
  if (arrived && (rows !== last.rows || asked !== last.asked)) setLast({ rows, asked });
  return server === undefined || rows === undefined || arrived || last.asked === asked;
}
