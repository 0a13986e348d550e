import { describe, expect, it } from 'vitest';
import {
  changePasswordFormSchema,
  changePasswordRequestSchema,
  loginRequestSchema,
  NAME_MAX,
  PASSWORD_MAX,
  resetPasswordRequestSchema,
  signupFormSchema,
  signupRequestSchema,
} from './auth';
import { kycCreateRequestSchema } from './kyc';
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
      // Longer than the profile takes: such a number would make every later profile save fail.
      expect(firstMessage(schema.safeParse({ ...base, mobile_no: '12345678901' }))).toBe(m.mobileInvalid);
      expect(firstMessage(schema.safeParse({ ...base, mobile_no: '1234567890' }))).toBe('ok');
      expect(firstMessage(schema.safeParse({ ...base, mobile_no: '' }))).toBe(m.mobileRequired);
    }
  });

  it('on sign-up, a name follows the profile’s letters-only rule: no line, link or digit rides along', () => {
    const form = { ...signup, confirm_password: signup.password, has_referral: false };
    const profile = { name: 'Ada Lovelace', mobile_no: '7700900', country_code: '44' };
    for (const [schema, base] of [
      [signupRequestSchema, signup],
      [signupFormSchema, form],
      [updateProfileRequestSchema, profile],
    ] as const) {
      for (const name of ['Bob\nClick http://x', 'Bob http://x.example', 'R2D2', 'Ada  Lovelace', 'O’Brien'])
        expect(firstMessage(schema.safeParse({ ...base, name }))).toBe('Name accepts letters only');
      for (const name of ['Ada', ' José Álvarez ', 'Анна Каренина', '李 小龍'])
        expect(firstMessage(schema.safeParse({ ...base, name }))).toBe('ok');
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

describe('a password longer than the limit', () => {
  // A long passphrase pasted from a password manager was told 'Minimum 8 Character'.
  const long = `Analytical#${'1843'.repeat(40)}`;
  const first = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

  it('is refused as too long, not as too short, on every form and call that takes one', () => {
    expect(long.length).toBeGreaterThan(PASSWORD_MAX);
    const signup = { name: 'Ada', country_code: '44', mobile_no: '7700900123', email: 'ada@example.com' };
    expect(first(signupRequestSchema.safeParse({ ...signup, password: long }))).toBe(m.passwordTooLong);
    expect(
      first(
        signupFormSchema.safeParse({
          ...signup,
          password: long,
          confirm_password: long,
          has_referral: false,
        }),
      ),
    ).toBe(m.passwordTooLong);
    expect(
      first(
        resetPasswordRequestSchema.safeParse({ email: 'ada@example.com', password: long, otp: '123456' }),
      ),
    ).toBe(m.passwordTooLong);
    expect(first(loginRequestSchema.safeParse({ email: 'ada@example.com', password: long }))).toBe(
      m.passwordTooLong,
    );
    expect(
      first(
        changePasswordFormSchema.safeParse({
          current_password: OLD,
          new_password: long,
          confirm_password: long,
        }),
      ),
    ).toBe(m.passwordTooLong);
  });

  it('is taken at exactly the limit', () => {
    const exact = long.slice(0, PASSWORD_MAX);
    const signup = { name: 'Ada', country_code: '44', mobile_no: '7700900123', email: 'ada@example.com' };
    expect(signupRequestSchema.safeParse({ ...signup, password: exact }).success).toBe(true);
  });
});

describe('a calling code outside the list', () => {
  // The forms offer a select; an API caller could register '9999', which the profile then refused on
  // every save.
  it('is refused at sign-up and in KYC as it is on the profile', () => {
    const signup = {
      name: 'Ada',
      country_code: '9999',
      mobile_no: '7700900123',
      email: 'ada@example.com',
      password: 'Analytical#1843',
    };
    const first = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;
    expect(first(signupRequestSchema.safeParse(signup))).toBe(m.countryCodeRequired);
    expect(signupRequestSchema.safeParse({ ...signup, country_code: '44' }).success).toBe(true);
    const kycCode = kycCreateRequestSchema.shape.country_code;
    expect(kycCode.safeParse('+9999').error?.issues[0]?.message).toBe(m.kycCountryCodeRequired);
    expect(kycCode.safeParse('+971').data).toBe('971');
  });
});
