/** The driver's error inside `error` that `matches` (drizzle wraps the driver's error in `cause`). */
export function driverErrorWhere<T extends object>(
  error: unknown,
  matches: (candidate: Partial<Record<'code' | 'message' | 'detail', unknown>>) => candidate is T,
): T | undefined {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 4; depth += 1) {
    if (matches(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
