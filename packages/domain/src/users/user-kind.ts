/**
 * Who an account belongs to. CUSTOMER: a person's, signed up through the site (its role tells a
 * customer from an admin). SYSTEM: the exchange's own, created by a migration, never signed in to:
 * today the one account the house liquidity ladder's resting orders belong to (HOUSE_USER_EMAIL).
 */
export const USER_KINDS = ['CUSTOMER', 'SYSTEM'] as const;
export type UserKind = (typeof USER_KINDS)[number];

/**
 * The e-mail domain of system accounts. `.invalid` is reserved (RFC 2606), so no mailbox can prove it,
 * and sign-up refuses it and its subdomains (`isReservedEmail`): a customer can never hold an address a
 * system account has or will have.
 */
export const SYSTEM_EMAIL_DOMAIN = 'system.invalid';

/** The house liquidity account's address, as the house_system_account migration wrote it. */
export const HOUSE_USER_EMAIL = `house-liquidity@${SYSTEM_EMAIL_DOMAIN}`;

/**
 * True for a person's account, false for one of the exchange's own. Back-office lists, counts and
 * totals, sign-in and status changes treat only customers as users; SQL filters say `kind = 'CUSTOMER'`.
 */
export function isCustomer(user: { readonly kind: UserKind }): boolean {
  return user.kind === 'CUSTOMER';
}

/** True when `email` is in the system accounts' domain or a subdomain of it (any letter case). */
export function isReservedEmail(email: string): boolean {
  const at = email.lastIndexOf('@');
  if (at < 0) return false;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.+$/, '');
  return domain === SYSTEM_EMAIL_DOMAIN || domain.endsWith(`.${SYSTEM_EMAIL_DOMAIN}`);
}
