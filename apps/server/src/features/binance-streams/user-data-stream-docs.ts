import { binanceErrorSchema, listenKeyParamsSchema } from '@exchange/contracts';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Doc = Parameters<typeof jsonSchemaTransform>[0];

/** Beside the REST API's routes in /api/docs (binance-api-docs.ts). */
const TAG = 'Binance-compatible API (/api/v3)';

const error = (codes: string) => ({
  description: `Binance's error body. ${codes}`,
  content: { 'application/json': { schema: binanceErrorSchema } },
});

const ROUTES = {
  POST: {
    summary: 'Start user data stream (USER_STREAM)',
    description:
      "The API key's listen key for /ws/<listenKey>: its live one, extended by 60 minutes, or a new one. The X-MBX-APIKEY header alone, no signature; any permission.",
    answer: z.object({ listenKey: z.string() }),
  },
  PUT: {
    summary: 'Keepalive user data stream (USER_STREAM)',
    description: 'Another 60 minutes for the listen key. The X-MBX-APIKEY header alone, no signature.',
    answer: z.object({}),
  },
  DELETE: {
    summary: 'Close user data stream (USER_STREAM)',
    description:
      'Closes the listen key; its sockets get listenKeyExpired and close, in every server process.',
    answer: z.object({}),
  },
} as const;

/** The route's `config.swaggerTransform` for /api/docs. */
export function documentedUserStream(method: keyof typeof ROUTES) {
  const route = ROUTES[method];
  const schema = {
    tags: [TAG],
    summary: route.summary,
    description: `Weight 2. ${route.description}`,
    ...(method === 'POST' ? {} : { querystring: listenKeyParamsSchema }),
    security: [{ 'X-MBX-APIKEY': [] }],
    response: {
      200: route.answer,
      400: error(
        method === 'POST'
          ? '-1102 a mandatory parameter missing.'
          : '-1102 listenKey missing; -1125 no such live listen key of this API key.',
      ),
      401: error(
        '-2014 the X-MBX-APIKEY header missing or malformed; -2015 an unknown or revoked key, or an address off its IP list.',
      ),
      429: error("-1003: request weight over the address's or the key's budget (with Retry-After)."),
      500: error('-1000: an unknown error.'),
    },
  };
  return (doc: Doc) => jsonSchemaTransform({ ...doc, schema });
}
