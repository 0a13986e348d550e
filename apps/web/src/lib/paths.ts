/** Every route of spec section 2, named once so links and redirects cannot drift apart. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  otpVerification: '/otp-verification',
  forgotOtpVerify: '/forgot-otp-verify',
  resetPassword: '/reset-password',

  deposit: '/deposit',
  history: '/history',
  refer: '/refer',
  support: '/support',
  dashboard: '/dashboard',
  basketSip: '/basket-sip',
  blogNews: '/blog-news',
  buySell: '/buy-sell',
  stake: '/stake',
  p2p: '/p2p',
  multicoin: '/multicoin',
  swap: '/swap',
  blogDetails: '/blog-details',
  nftMarketplace: '/nft-marketplace',
  nftDetails: '/nft-details',

  kyc: '/kyc',
  profile: '/profile',
  security: '/security',
  proTrading: '/protrading-buy-sell',
  reserves: '/proof-of-reserves',

  adminDashboard: '/admin-dashboard',
  adminUsers: '/admin-user',
  adminTransactions: '/admin-transaction',
  adminStakes: '/admin-stakes',
  adminKyc: '/admin-kyc',
  adminSupport: '/admin-support',
  adminKycDetails: '/admin-kyc-details',
  adminProfile: '/admin-profile',
  adminDebts: '/admin-debts',
  adminWithdrawals: '/admin-withdrawals',
  adminNft: '/admin-nft',
  adminAuditLog: '/admin-audit-log',
} as const;

export const USER_PATHS: readonly string[] = [
  paths.deposit,
  paths.history,
  paths.refer,
  paths.support,
  paths.dashboard,
  paths.basketSip,
  paths.blogNews,
  paths.buySell,
  paths.stake,
  paths.p2p,
  paths.multicoin,
  paths.swap,
  paths.blogDetails,
  paths.security,
  paths.nftMarketplace,
  paths.nftDetails,
];

export const UNGUARDED_PATHS: readonly string[] = [paths.kyc, paths.profile, paths.proTrading];

export const ADMIN_PATHS: readonly string[] = [
  paths.adminDashboard,
  paths.adminUsers,
  paths.adminTransactions,
  paths.adminStakes,
  paths.adminKyc,
  paths.adminSupport,
  paths.adminKycDetails,
  paths.adminProfile,
  paths.adminDebts,
  paths.adminWithdrawals,
  paths.adminNft,
  paths.adminAuditLog,
];

/**
 * The back office's records that have a URL of their own (issue 46): the list's path, then the
 * record's id, so a record opens after a reload, in a new tab or from a link someone sent.
 */
export const ADMIN_RECORD_PATHS = {
  user: paths.adminProfile,
  kyc: paths.adminKycDetails,
  withdrawal: paths.adminWithdrawals,
  ticket: paths.adminSupport,
  nft: paths.adminNft,
} as const;
export type AdminRecord = keyof typeof ADMIN_RECORD_PATHS;

/** The URL of one back-office record ('/admin-profile/<user id>'). */
export function adminRecordPath(record: AdminRecord, id: string): string {
  return `${ADMIN_RECORD_PATHS[record]}/${encodeURIComponent(id)}`;
}

/** The router's pattern for a record's URL, its id read as `:id`. */
export function adminRecordRoute(record: AdminRecord): string {
  return `${ADMIN_RECORD_PATHS[record]}/:id`;
}

function isAdminPath(pathname: string): boolean {
  if (ADMIN_PATHS.includes(pathname)) return true;
  return Object.values(ADMIN_RECORD_PATHS).some((base) => {
    const rest = pathname.slice(base.length + 1);
    return pathname.startsWith(`${base}/`) && rest.length > 0 && !rest.includes('/');
  });
}

/** Where a signed-in user starts: admins in the back-office, everyone else on the dashboard. */
export function homeFor(role: string | null | undefined): string {
  return role === 'ADMIN' ? paths.adminDashboard : paths.dashboard;
}

/** Where a guard sent the visitor from, carried in navigation state as `from`. */
export interface FromLocation {
  readonly pathname: string;
  readonly search?: string;
  readonly hash?: string;
}

export function readFrom(state: unknown): FromLocation | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const from = (state as { from: unknown }).from;
  if (typeof from !== 'object' || from === null || typeof (from as FromLocation).pathname !== 'string')
    return null;
  return from as FromLocation;
}

/**
 * After logging in, go back to the page a guard turned the visitor away from, if this user may see
 * it; otherwise to the user's home. Paths are compared case-insensitively, as the router matches them.
 */
export function postLoginPath(role: string | null | undefined, from: FromLocation | null): string {
  const fallback = homeFor(role);
  if (!from) return fallback;
  const pathname = from.pathname.toLowerCase();
  const allowed =
    USER_PATHS.includes(pathname) ||
    UNGUARDED_PATHS.includes(pathname) ||
    (role === 'ADMIN' && isAdminPath(pathname));
  return allowed ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : fallback;
}
