import * as contracts from '@exchange/contracts';
import { placeOrderResponseSchema } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledWriter, responseSerializerCompiler } from './response-serializer';

const route = (schema: z.ZodType) => ({
  schema,
  method: 'POST',
  url: '/wallet/limitorder/limitInstant/:side',
});

const currency = {
  _id: 'BTC',
  name: 'Bitcoin',
  symbol: 'BTC',
  image_url: '/assets/btc.svg',
  balance: '0.50000000',
  locked: '0.00000000',
  currency_type: 'CRYPTO',
  asset_value: '21000.00',
  asset_value_percent: '100.00',
  interest_earned: '0.00',
};
const answer = {
  status: true,
  message: 'Buy Executed',
  data: { wallet: { currencies: [currency] }, order: null },
};

describe('responseSerializerCompiler', () => {
  for (const check of [false, true]) {
    describe(check ? 'with the contract check' : 'without it', () => {
      const write = responseSerializerCompiler({ check })(route(placeOrderResponseSchema));

      it('writes what the zod serializer writes, in the same order', () => {
        expect(write(answer)).toBe(JSON.stringify(answer));
      });

      it('writes only what the contract names: a property the handler left on an object does not leak', () => {
        const leaky = {
          ...answer,
          passwordHash: 'x',
          data: { ...answer.data, wallet: { currencies: [{ ...currency, ownerId: 'u-1' }] } },
        };
        const written = write(leaky);
        expect(written).toBe(JSON.stringify(answer));
        expect(written).not.toContain('passwordHash');
        expect(written).not.toContain('ownerId');
      });

      it('refuses an answer that lacks a required property', () => {
        const { balance: _, ...withoutBalance } = currency;
        expect(() =>
          write({ ...answer, data: { ...answer.data, wallet: { currencies: [withoutBalance] } } }),
        ).toThrow(check ? /match the schema/ : /"balance" is required/);
      });
    });
  }

  it('with the check, refuses an answer the contract refuses (a value outside an enum)', () => {
    const write = responseSerializerCompiler({ check: true })(route(placeOrderResponseSchema));
    const wrong = {
      ...answer,
      data: { ...answer.data, wallet: { currencies: [{ ...currency, symbol: 'NOPE' }] } },
    };
    expect(() => write(wrong)).toThrow();
    // Without it the compiled serializer writes the shape and leaves the values to the handler (and to
    // the tests, which run with the check).
    expect(responseSerializerCompiler({ check: false })(route(placeOrderResponseSchema))(wrong)).toContain(
      'NOPE',
    );
  });

  it('keeps the zod serializer for a contract JSON Schema cannot express', () => {
    const schema = z.object({ at: z.date() });
    const write = responseSerializerCompiler({ check: false })(route(schema));
    expect(() => write({ at: 'not a date' })).toThrow();
  });

  it('compiles every response contract the API declares', () => {
    const schemas = Object.entries(contracts).filter(([name]) => name.endsWith('ResponseSchema'));
    expect(schemas.length).toBeGreaterThan(50);
    for (const [name, schema] of schemas) {
      expect(compiledWriter(schema as z.ZodType), name).toBeTypeOf('function');
    }
  });
});
