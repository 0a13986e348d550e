/**
 * Expected rejections are values: a domain function returns `{ ok: false, code }` with a snake_case
 * code, and the server maps codes to HTTP statuses and catalogue messages in one table.
 */
export type Ok<T> = { readonly ok: true; readonly value: T };
export type Rejected<C extends string = string> = {
  readonly ok: false;
  readonly code: C;
  readonly params?: Readonly<Record<string, string>>;
};
export type Result<T, C extends string = string> = Ok<T> | Rejected<C>;

export function ok<T>(value: T): Ok<T> {
  return { ok: true, value };
}

export function reject<C extends string>(code: C, params?: Record<string, string>): Rejected<C> {
  return params ? { ok: false, code, params } : { ok: false, code };
}

/** Guards an invariant: a failure is a bug, never an expected rejection. */
export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`invariant violated: ${message}`);
}
