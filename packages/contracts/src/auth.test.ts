import { describe, expect, it } from 'vitest';
import { changePasswordFormSchema, changePasswordRequestSchema } from './auth';
import { messages as m } from './messages';

const OLD = 'Harvest#2030';

describe('changing the password to the one it already is', () => {
  it('is refused on the form, under the new password, after the spec’s own checks', () => {
    const same = changePasswordFormSchema.safeParse({
      current_password: OLD,
      new_password: OLD,
      confirm_password: OLD,
    });
    expect(same.success).toBe(false);
    expect(same.error?.issues).toEqual([
      expect.objectContaining({ message: m.newPasswordSameAsOld, path: ['new_password'] }),
    ]);
    // A weak new password still gets the spec's message, not this one.
    const weak = changePasswordFormSchema.safeParse({
      current_password: 'abc',
      new_password: 'abc',
      confirm_password: 'abc',
    });
    expect(weak.error?.issues[0]?.message).toBe(m.changePasswordMin);
  });

  it('is refused by the API as well, and a different password passes', () => {
    const same = changePasswordRequestSchema.safeParse({ current_password: OLD, new_password: OLD });
    expect(same.error?.issues[0]?.message).toBe(m.newPasswordSameAsOld);
    expect(
      changePasswordRequestSchema.safeParse({ current_password: OLD, new_password: 'Harvest#2031' }).success,
    ).toBe(true);
  });
});
