/**
 * Every primitive value inside a row, lower-cased, so a search term matches any field (including
 * nested ones such as `from.currency_code`) whether or not a column shows it.
 */
export function searchableText(value: unknown, depth = 0): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.toLowerCase();
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value).toLowerCase();
  if (depth >= 4 || typeof value !== 'object') return '';
  const parts = Array.isArray(value) ? value : Object.values(value as Record<string, unknown>);
  return parts
    .map((part) => searchableText(part, depth + 1))
    .filter(Boolean)
    .join('\u0000');
}
