import { HOUSE_USER_EMAIL } from '@exchange/domain';
import { describe, expect, it } from 'vitest';
import { signupFormSchema, signupRequestSchema } from './auth';
import { messages as m } from './messages';

const request = (email: string) => ({
  name: 'Dana Scully',
  country_code: '91',
  mobile_no: '9876543210',
  email,
  password: 'Sunrise#2026',
});
const form = (email: string) => ({
  ...request(email),
  confirm_password: 'Sunrise#2026',
  has_referral: false,
});

describe('the system accounts’ e-mail domain at sign-up', () => {
  it.each([HOUSE_USER_EMAIL, 'Anyone@System.Invalid', 'x@mail.system.invalid'])(
    'is refused by the request and by the form with the reserved-domain message (%s)',
    (email) => {
      for (const result of [
        signupRequestSchema.safeParse(request(email)),
        signupFormSchema.safeParse(form(email)),
      ]) {
        expect(result.success).toBe(false);
        expect(result.error?.issues).toEqual([
          expect.objectContaining({ path: ['email'], message: m.registerEmailReserved }),
        ]);
      }
    },
  );

  it('leaves other addresses alone', () => {
    expect(signupRequestSchema.safeParse(request('dana@example.com')).success).toBe(true);
    expect(signupFormSchema.safeParse(form('dana@notsystem.invalid')).success).toBe(true);
  });
});
