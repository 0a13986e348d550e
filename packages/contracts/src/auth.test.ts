import { describe, expect, it } from 'vitest';
import {
  changePasswordFormSchema,
  changePasswordRequestSchema,
  NAME_MAX,
  signupFormSchema,
  signupRequestSchema,
} from './auth';
import { messages as m } from './messages';
import { updateProfileRequestSchema } from './profile';

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

describe('a name or mobile number out of bounds says so', () => {
  const signup = {
    name: 'Ada Lovelace',
    country_code: '44',
    mobile_no: '7700900123',
    email: 'ada@example.com',
    password: 'Analytical#1843',
  };
  const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
    result.error?.issues[0]?.message ?? 'ok';

  it('on sign-up, by the API and the form, instead of "Name is required." or "Mobile is required."', () => {
    const form = { ...signup, confirm_password: signup.password, has_referral: false };
    for (const schema of [signupRequestSchema, signupFormSchema]) {
      const base = schema === signupFormSchema ? form : signup;
      expect(firstMessage(schema.safeParse(base))).toBe('ok');
      expect(firstMessage(schema.safeParse({ ...base, name: 'A'.repeat(NAME_MAX + 1) }))).toBe(m.nameTooLong);
      expect(firstMessage(schema.safeParse({ ...base, name: '' }))).toBe(m.nameRequired);
      expect(firstMessage(schema.safeParse({ ...base, mobile_no: '12-34' }))).toBe(m.mobileInvalid);
      expect(firstMessage(schema.safeParse({ ...base, mobile_no: '123' }))).toBe(m.mobileInvalid);
      expect(firstMessage(schema.safeParse({ ...base, mobile_no: '' }))).toBe(m.mobileRequired);
    }
  });

  it('on the profile', () => {
    const profile = { name: 'Ada Lovelace', mobile_no: '7700900', country_code: '44' };
    expect(firstMessage(updateProfileRequestSchema.safeParse(profile))).toBe('ok');
    expect(
      firstMessage(updateProfileRequestSchema.safeParse({ ...profile, name: 'A'.repeat(NAME_MAX + 1) })),
    ).toBe(m.nameTooLong);
  });
});
