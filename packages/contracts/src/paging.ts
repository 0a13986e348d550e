import { z } from 'zod';

/**
 * Every paged list's query, built by one function so that every list reads `{page, limit, search,
 * orderBy}` alike. The spec's admin client sends all of them empty ('') but search, and may send no
 * body at all (Fastify reads that as null); a query string sends numbers as text. So: a missing, null
 * or empty field takes its default, page and limit are numbers or numeric strings, and a blank search
 * means none. What differs per list is passed in: its page size and largest page, the search's
 * longest term, the orderBy values it accepts (each to what it means to the server) and its default,
 * and any filter of its own.
 */

/** The highest page number a list accepts: far beyond any real list, it only bounds the offset. */
export const MAX_PAGE = 1_000_000;

/** Rows an admin list shows per page (spec section 9). */
export const ADMIN_PAGE_SIZE = 10;

/** The most rows one page of an admin list holds. */
export const ADMIN_MAX_LIMIT = 100;

/** The longest search term of an admin list. */
export const ADMIN_SEARCH_MAX = 100;

const pageSchema = z.coerce.number().int().min(1).max(MAX_PAGE).default(1);

function limitSchema(defaultLimit: number, maxLimit: number) {
  return z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit);
}
type LimitSchema = ReturnType<typeof limitSchema>;

function searchSchema(maxLength: number) {
  return z
    .string()
    .trim()
    .max(maxLength)
    .optional()
    .transform((term) => (term ? term : undefined));
}
type SearchSchema = ReturnType<typeof searchSchema>;

function orderBySchema<M extends Record<string, string>>(values: M, defaultValue: keyof M & string) {
  const accepted = Object.keys(values) as [keyof M & string, ...(keyof M & string)[]];
  return z
    .enum(accepted)
    .default(defaultValue as never)
    .transform((value) => values[value as keyof M] as M[keyof M]);
}
type OrderBySchema<M extends Record<string, string>> = ReturnType<typeof orderBySchema<M>>;

export interface PagingOptions<
  M extends Record<string, string>,
  S extends number | undefined,
  F extends z.ZodRawShape,
> {
  /** Rows per page when the client names none. */
  defaultLimit: number;
  /** The most rows one page may hold. */
  maxLimit: number;
  /** The longest search term; a list without this option has no search. */
  searchMax?: S;
  /**
   * The orderBy values the list accepts, each mapped to what the server reads (say
   * `{ createdAt: 'asc', '-createdAt': 'desc' }`), and the value taken when none is sent.
   */
  orderBy?: { values: M; default: keyof M & string };
  /** The list's own filters (a status, a user), which also read an empty value as missing. */
  filters?: F;
}

type PagingShape<M extends Record<string, string>, S extends number | undefined, F extends z.ZodRawShape> = {
  page: typeof pageSchema;
  limit: LimitSchema;
} & (S extends number ? { search: SearchSchema } : unknown) &
  ([keyof M] extends [never] ? unknown : { orderBy: OrderBySchema<M> }) &
  F;

/** Drops the fields sent empty or null, so that they take their defaults; no body at all is `{}`. */
function blankFieldsRemoved(body: unknown): unknown {
  if (body === null || body === undefined) return {};
  if (typeof body !== 'object' || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== '' && value !== null));
}

/** The query (or body) schema of one paged list; see the top of this file. */
export function pagingSchema<
  const M extends Record<string, string> = Record<never, string>,
  S extends number | undefined = undefined,
  F extends z.ZodRawShape = Record<never, never>,
>(options: PagingOptions<M, S, F>) {
  const shape: z.ZodRawShape = {
    page: pageSchema,
    limit: limitSchema(options.defaultLimit, options.maxLimit),
    ...(options.searchMax === undefined ? {} : { search: searchSchema(options.searchMax) }),
    ...(options.orderBy ? { orderBy: orderBySchema(options.orderBy.values, options.orderBy.default) } : {}),
    ...options.filters,
  };
  const object = z.object(shape as PagingShape<M, S, F>);
  return z.preprocess((body: z.input<typeof object> | null | undefined) => blankFieldsRemoved(body), object);
}
