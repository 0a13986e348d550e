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

  it('never sends a customer to an admin page, nor anyone back to a sign-in screen', () => {
    expect(postLoginPath('USER', { pathname: '/admin-user' })).toBe('/dashboard');
    expect(postLoginPath('USER', { pathname: '/login' })).toBe('/dashboard');
    expect(postLoginPath('ADMIN', { pathname: '/register' })).toBe('/admin-dashboard');
  });
});
