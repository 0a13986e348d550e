import { describe, expect, it } from 'vitest';
import { HOUSE_USER_EMAIL, isCustomer, isReservedEmail, SYSTEM_EMAIL_DOMAIN } from './user-kind';

describe('isCustomer', () => {
  it("is true for a person's account, admins included, and false for a system account", () => {
    expect(isCustomer({ kind: 'CUSTOMER' })).toBe(true);
    expect(isCustomer({ kind: 'SYSTEM' })).toBe(false);
  });
});

describe('isReservedEmail', () => {
  it("is true for the house's address and any address in the system domain or below it", () => {
    expect(isReservedEmail(HOUSE_USER_EMAIL)).toBe(true);
    expect(HOUSE_USER_EMAIL.endsWith(`@${SYSTEM_EMAIL_DOMAIN}`)).toBe(true);
    expect(isReservedEmail('anyone@system.invalid')).toBe(true);
    expect(isReservedEmail('Someone@SYSTEM.Invalid')).toBe(true);
    expect(isReservedEmail('x@mail.system.invalid')).toBe(true);
    expect(isReservedEmail('x@system.invalid.')).toBe(true);
  });

  it('is false for other domains, including look-alikes', () => {
    expect(isReservedEmail('alice@example.com')).toBe(false);
    expect(isReservedEmail('system.invalid@example.com')).toBe(false);
    expect(isReservedEmail('x@notsystem.invalid')).toBe(false);
    expect(isReservedEmail('x@system.invalid.example.com')).toBe(false);
    expect(isReservedEmail('no-at-sign')).toBe(false);
  });
});
