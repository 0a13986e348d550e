/**
 * Header names shared by server and web. Kept apart from the zod schemas so that the web app's shell
 * (the API client) can import them without bringing zod into every page's first load.
 */

/** Header name for idempotent money-moving POSTs. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
