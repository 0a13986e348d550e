/**
 * A list the server pages and searches: `rows` is the current page of `total`, and a search term or
 * a page change goes back to the caller, which asks the server for that page. Until rows arrive for
 * the page and term asked for, the table shows placeholders, not the rows it still holds: a query
 * that keeps its previous data while the next loads (keepPreviousData) would otherwise show another
 * search's rows, with their actions, under the term just typed.
 */
export interface ServerPaging {
  readonly page: number;
  readonly total: number;
  readonly onPageChange: (page: number) => void;
  /** The term the server searched; with `onSearch` the table shows a search box. */
  readonly search?: string;
  /** A new trimmed term (the page goes back to 1 as well). */
  readonly onSearch?: (term: string) => void;
  /**
   * The list's own filters the server applied besides the term (a status), as one string: rows held
   * from another filter are not shown as this one's answer either.
   */
  readonly filter?: string;
}
