/** A search term as an ILIKE pattern that matches it literally anywhere (its \, % and _ are escaped). */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A search term for phone numbers: the screens write one as '+1 5550100', which is stored as the
 * calling code '1' and the number '5550100'. A term made only of digits, spaces and + - ( ) . is matched
 * by its digits alone, against the number and against the calling code and number written together;
 * any other term as it is.
 */
export function phonePattern(term: string): string {
  const digits = term.replace(/\D/g, '');
  return digits !== '' && /^[\d\s+().-]+$/.test(term) ? `%${digits}%` : containsPattern(term);
}
