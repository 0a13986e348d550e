/**
 * CSV as spreadsheets read it (RFC 4180): a cell with a comma, a quote or a line break is quoted, its
 * quotes doubled. A cell that starts with `=`, `+`, `-`, `@` (or a tab or carriage return, which some
 * spreadsheets skip before reading a formula) gets a leading single quote, so a spreadsheet shows the
 * text instead of running it as a formula (OWASP's CSV injection advice). A plain signed decimal
 * (`-12.50`) is left as it is: it cannot be a formula, and a statement's negative amounts must stay
 * numbers a spreadsheet can add up.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/** One cell's text, escaped. `null` and `undefined` are empty cells. */
export function csvCell(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const safe = FORMULA_START.test(value) && !PLAIN_DECIMAL.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One line of cells, ended with CRLF as RFC 4180 has it. */
export function csvLine(cells: readonly (string | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
