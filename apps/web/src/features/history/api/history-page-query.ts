import { DEFAULT_PAGE_SIZE } from '../../../components/ui/data-table';

/**
 * One page of a history list as the server pages and searches it: the tables show 10 rows a page and
 * ask for the page they show, so the count under them is the server's total, not a capped download.
 */
export interface HistoryPageQuery {
  readonly page: number;
  /** Trimmed; '' for none. */
  readonly search: string;
}

/** The query string of a history page: page, 10 rows, and the term when there is one. */
export function historyQueryString({ page, search }: HistoryPageQuery) {
  return { page, limit: DEFAULT_PAGE_SIZE, search: search || undefined };
}

/** A history endpoint's answer, reduced to what the table needs. */
export function toHistoryPage<T>(response: { data: T[]; total: number }) {
  return { rows: response.data, total: response.total };
}
