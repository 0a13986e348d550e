import { describe, expect, it } from 'vitest';
import { postLoginPath } from './paths';

describe('where a login leads', () => {
  it('goes home by role when no guard sent the visitor', () => {
    expect(postLoginPath('ADMIN', null)).toBe('/admin-dashboard');
    expect(postLoginPath('USER', null)).toBe('/dashboard');
  });

  it('goes back to the guarded page the user may see', () => {
    expect(postLoginPath('USER', { pathname: '/stake', search: '?coin=BTC' })).toBe('/stake?coin=BTC');
    expect(postLoginPath('ADMIN', { pathname: '/admin-user' })).toBe('/admin-user');
  });

  it("goes back to a back-office record's own URL, for an admin only", () => {
    const user = '/admin-profile/0b7c1c8e-8a34-4c7e-9d67-2f1f7a1f3f11';
    expect(postLoginPath('ADMIN', { pathname: user })).toBe(user);
    expect(postLoginPath('ADMIN', { pathname: '/admin-kyc-details/abc' })).toBe('/admin-kyc-details/abc');
    expect(postLoginPath('USER', { pathname: user })).toBe('/dashboard');
    expect(postLoginPath('ADMIN', { pathname: '/admin-profile/a/b' })).toBe('/admin-dashboard');
  });

  it('never sends a customer to an admin page, nor anyone back to a sign-in screen', () => {
    expect(postLoginPath('USER', { pathname: '/admin-user' })).toBe('/dashboard');
    expect(postLoginPath('USER', { pathname: '/login' })).toBe('/dashboard');
    expect(postLoginPath('ADMIN', { pathname: '/register' })).toBe('/admin-dashboard');
  });
});
