import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries for a route's request, generated from its zod schemas (through their JSON
 * Schema, which names fields, types, enums and formats). Every field is usually a value of its
 * declared type, sometimes a hostile one, so requests get deep enough to reach the use cases and
 * still meet every kind of bad input on the way.
 */

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** Values that have broken parsers, ORMs and money code elsewhere. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    '',
    ' ',
    -1,
    0,
    -0,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    0.1 + 0.2,
    '1e400',
    '-1',
    '-0',
    'NaN',
    'Infinity',
    '0x10',
    '１２３',
    '1,000.00',
    '0.000000000000000000000001',
    '9'.repeat(80),
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '<script>alert(1)</script>',
    '../../../../etc/passwd',
    '%00',
    '\u0000',
    '\uD800',
    '\u202Eevil',
    'a'.repeat(20_000),
    [],
    {},
    true,
    { $gt: '' },
    ['a', 'b'],
  ),
  fc.anything({ maxDepth: 2, maxKeys: 4 }),
);

const amountLike = fc.constantFrom('0.1', '1', '5', '100', '0.00000001', '25.5', '1000000', '0.123456789');

function typedArbitrary(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((member) => fieldArbitrary(member, depth)));
  if (schema.allOf?.length) return fieldArbitrary(schema.allOf[0]!, depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'email') return fc.emailAddress();
      return fc.oneof(fc.string({ maxLength: 40 }), amountLike);
    case 'number':
      return fc.oneof(fc.double({ noNaN: true }), fc.integer());
    case 'integer':
      return fc.oneof(fc.integer({ min: -5, max: 200 }), fc.integer());
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3
        ? fc.constant([])
        : fc.array(fieldArbitrary(schema.items ?? {}, depth + 1), { maxLength: 3 });
    case 'object':
      return objectArbitrary(schema, depth + 1);
    case 'null':
      return fc.constant(null);
    default:
      return fc.oneof(fc.string({ maxLength: 20 }), amountLike, fc.integer());
  }
}

function fieldArbitrary(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: typedArbitrary(schema, depth) },
    { weight: 1, arbitrary: hostileValue },
  );
}

function objectArbitrary(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) shape[key] = fieldArbitrary(property, depth);
  // Mostly every declared key, sometimes some missing, sometimes an unknown key besides.
  const known = fc.record(shape, { requiredKeys: Object.keys(shape) });
  const partial = fc.record(shape, { requiredKeys: [] });
  const extra = fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), hostileValue, { maxKeys: 2 });
  return fc
    .tuple(fc.oneof({ weight: 3, arbitrary: known }, { weight: 1, arbitrary: partial }), extra)
    .map(([fields, more]) => ({ ...more, ...fields }));
}

/** The JSON Schema of a zod schema as a client sends it, or undefined when there is none. */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return undefined;
  return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** A body for a route: a generated object, usually; sometimes anything at all. */
export function bodyArbitrary(schema: unknown): fc.Arbitrary<unknown> {
  const json = jsonSchemaOf(schema);
  const generated = json ? typedArbitrary(json, 0) : fc.constant({});
  return fc.oneof({ weight: 5, arbitrary: generated }, { weight: 1, arbitrary: hostileValue });
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Query or path parameters: every value as the text it would travel as. */
export function paramsArbitrary(schema: unknown): fc.Arbitrary<Record<string, string>> {
  const json = jsonSchemaOf(schema);
  if (!json?.properties) return fc.constant({});
  return objectArbitrary(json, 0).map((values) => {
    const out: Record<string, string> = {};
    // A URL carries UTF-8, which has no lone surrogate (encodeURIComponent throws on one), so a
    // generated half pair becomes U+FFFD, as a browser would send it.
    for (const [key, value] of Object.entries(values))
      out[key] = (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).replace(
        LONE_SURROGATE,
        '\uFFFD',
      );
    return out;
  });
}

/** Header values travel as visible ASCII; anything else is refused by the HTTP layer before us. */
const printable = fc.stringMatching(/^[\x20-\x7e]{0,150}$/);

/** Extra headers a hostile client sends along with a valid session. */
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'idempotency-key': fc.oneof(printable, fc.uuid()),
    'content-type': fc.constantFrom(
      'application/json',
      'application/json; charset=utf-16',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'application/xml',
    ),
    'x-forwarded-for': fc.constantFrom('127.0.0.1', '::1, 10.0.0.1', 'not-an-ip', '1.1.1.1'.repeat(50)),
    cookie: fc.constantFrom('refresh_token=garbage', 'refresh_token=', 'a=b; refresh_token=%00%ff'),
    'accept-language': printable,
  },
  { requiredKeys: [] },
);
