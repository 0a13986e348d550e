import { describe, expect, it } from 'vitest';
import { ruleResolver } from './rule-resolver';

interface Values {
  amount: string;
  coin: string;
}

const resolver = ruleResolver<Values, { balance: string }>((values, context) => {
  if (values.coin === '') return { field: 'coin', message: 'Please Choose Currency' };
  if (Number.parseInt(values.amount, 10) > Number.parseInt(context.balance, 10))
    return { field: 'amount', message: 'Insufficient amount' };
  return null;
});

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('ruleResolver', () => {
  it("puts the rule's first problem under its field and passes no values on", async () => {
    const result = await resolver({ amount: '5', coin: '' }, { balance: '1' }, options);
    expect(result).toEqual({
      values: {},
      errors: { coin: { type: 'rule', message: 'Please Choose Currency' } },
    });
  });

  it('reads what the rule needs besides the values from the context of this submit', async () => {
    const refused = await resolver({ amount: '5', coin: 'BTC' }, { balance: '1' }, options);
    expect(refused.errors).toEqual({ amount: { type: 'rule', message: 'Insufficient amount' } });
    const passed = await resolver({ amount: '5', coin: 'BTC' }, { balance: '9' }, options);
    expect(passed).toEqual({ values: { amount: '5', coin: 'BTC' }, errors: {} });
  });
});
