import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type SerializerCompiler = Parameters<typeof zodSerializerCompiler>[0];

/**
 * How answers with a response schema are written. Each route's zod schema is turned into JSON Schema
 * once (`z.toJSONSchema`, the wire side of the schema) and compiled by fast-json-stringify, fastify's
 * own serializer: it writes only the properties the contract names (nothing else on the object leaks),
 * in the contract's order, and refuses an answer that lacks a required one. A schema JSON Schema cannot
 * express (a transform, a date) keeps the zod serializer.
 *
 * With `check` (tests and the browser flows) every answer is also validated with zod, as the zod
 * serializer does, and the compiled text must say exactly what zod's would: a contract the compiled
 * serializer reads differently fails the test that sent it. Without it an answer costs no
 * validation: for the wallet the order and trade answers carry (every asset, ten fields each) zod's
 * validation was 20 µs of the 26 µs the answer took to write, and about a tenth of an instant trade's
 * CPU in the server.
 */
export function responseSerializerCompiler(options: { check: boolean }) {
  return (route: SerializerCompiler): ((data: unknown) => string) => {
    const fast = compiledWriter(route.schema as ZodType);
    if (!fast) return zodSerializerCompiler(route);
    if (!options.check) return fast;
    const zodWrite = zodSerializerCompiler(route);
    return (data) => {
      const expected = zodWrite(data);
      const written = fast(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected)))
        throw new Error(
          `${route.method} ${route.url}: the compiled answer ${written} differs from the contract's ${expected}`,
        );
      return written;
    };
  };
}

/** fast-json-stringify compiled from the wire side of a zod schema, or undefined where JSON Schema cannot say it. */
export function compiledWriter(schema: ZodType): ((data: unknown) => string) | undefined {
  try {
    const jsonSchema = z.toJSONSchema(schema, { io: 'input', target: 'draft-07', unrepresentable: 'throw' });
    return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  } catch {
    return undefined;
  }
}
