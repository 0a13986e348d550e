/** A search term as an ILIKE pattern that matches it literally anywhere (its \, % and _ are escaped). */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
