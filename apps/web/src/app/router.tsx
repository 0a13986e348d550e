import { type ComponentType, lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { adminRecordRoute, paths } from '../lib/paths';
import { RequireAdmin, RequireUser } from './guards';
import { AdminLayout } from './layouts/admin-layout';
import { AuthLayout, LandingLayout, UserLayout } from './layouts/public-layouts';
import { RootLayout } from './layouts/root-layout';
import { loadDashboardPage, loadLandingPage } from './page-loaders';
import { NotFoundPage, RouteError } from './route-error';

/**
 * Each route's page is its own file under features/<feature>/pages/, loaded on demand so the first
 * load carries only the shell. A feature replaces exactly its page file, keeping the named export.
 */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(async () => ({ default: pick(await load()) }));
}

const LandingPage = page(loadLandingPage, (m) => m.LandingPage);

const LoginPage = page(
  () => import('../features/auth/pages/login-page'),
  (m) => m.LoginPage,
);
const RegisterPage = page(
  () => import('../features/auth/pages/register-page'),
  (m) => m.RegisterPage,
);
const ForgotPasswordPage = page(
  () => import('../features/auth/pages/forgot-password-page'),
  (m) => m.ForgotPasswordPage,
);
const OtpVerificationPage = page(
  () => import('../features/auth/pages/otp-verification-page'),
  (m) => m.OtpVerificationPage,
);
const ForgotOtpVerifyPage = page(
  () => import('../features/auth/pages/forgot-otp-verify-page'),
  (m) => m.ForgotOtpVerifyPage,
);
const ResetPasswordPage = page(
  () => import('../features/auth/pages/reset-password-page'),
  (m) => m.ResetPasswordPage,
);

const DepositPage = page(
  () => import('../features/wallet/pages/deposit-page'),
  (m) => m.DepositPage,
);
const HistoryPage = page(
  () => import('../features/history/pages/history-page'),
  (m) => m.HistoryPage,
);
const ReferPage = page(
  () => import('../features/referral/pages/refer-page'),
  (m) => m.ReferPage,
);
const SupportPage = page(
  () => import('../features/support/pages/support-page'),
  (m) => m.SupportPage,
);
const DashboardPage = page(loadDashboardPage, (m) => m.DashboardPage);
const BasketSipPage = page(
  () => import('../features/basket/pages/basket-sip-page'),
  (m) => m.BasketSipPage,
);
const BlogNewsPage = page(
  () => import('../features/blog/pages/blog-news-page'),
  (m) => m.BlogNewsPage,
);
const BuySellPage = page(
  () => import('../features/trading/pages/buy-sell-page'),
  (m) => m.BuySellPage,
);
const StakePage = page(
  () => import('../features/stake/pages/stake-page'),
  (m) => m.StakePage,
);
const P2pPage = page(
  () => import('../features/p2p/pages/p2p-page'),
  (m) => m.P2pPage,
);
const MulticoinPage = page(
  () => import('../features/multicoin/pages/multicoin-page'),
  (m) => m.MulticoinPage,
);
const SwapPage = page(
  () => import('../features/swap/pages/swap-page'),
  (m) => m.SwapPage,
);
const BlogDetailsPage = page(
  () => import('../features/blog/pages/blog-details-page'),
  (m) => m.BlogDetailsPage,
);

const NftMarketplacePage = page(
  () => import('../features/nft/pages/nft-marketplace-page'),
  (m) => m.NftMarketplacePage,
);
const NftDetailsPage = page(
  () => import('../features/nft/pages/nft-details-page'),
  (m) => m.NftDetailsPage,
);
const AdminNftPage = page(
  () => import('../features/nft/pages/admin-nft-page'),
  (m) => m.AdminNftPage,
);

const SecurityPage = page(
  () => import('../features/security/pages/security-page'),
  (m) => m.SecurityPage,
);

const KycPage = page(
  () => import('../features/kyc/pages/kyc-page'),
  (m) => m.KycPage,
);
const ProfilePage = page(
  () => import('../features/profile/pages/profile-page'),
  (m) => m.ProfilePage,
);
const ProTradingBuySellPage = page(
  () => import('../features/trading/pages/protrading-buy-sell-page'),
  (m) => m.ProTradingBuySellPage,
);

const AdminDashboardPage = page(
  () => import('../features/admin/pages/admin-dashboard-page'),
  (m) => m.AdminDashboardPage,
);
const AdminUsersPage = page(
  () => import('../features/admin/pages/admin-users-page'),
  (m) => m.AdminUsersPage,
);
const AdminTransactionsPage = page(
  () => import('../features/admin/pages/admin-transactions-page'),
  (m) => m.AdminTransactionsPage,
);
const AdminStakesPage = page(
  () => import('../features/admin/pages/admin-stakes-page'),
  (m) => m.AdminStakesPage,
);
const AdminKycPage = page(
  () => import('../features/admin/pages/admin-kyc-page'),
  (m) => m.AdminKycPage,
);
const AdminSupportPage = page(
  () => import('../features/admin/pages/admin-support-page'),
  (m) => m.AdminSupportPage,
);
const AdminKycDetailsPage = page(
  () => import('../features/admin/pages/admin-kyc-details-page'),
  (m) => m.AdminKycDetailsPage,
);
const AdminDebtsPage = page(
  () => import('../features/admin/pages/admin-debts-page'),
  (m) => m.AdminDebtsPage,
);
const AdminWithdrawalsPage = page(
  () => import('../features/withdrawals/pages/admin-withdrawals-page'),
  (m) => m.AdminWithdrawalsPage,
);
const ReservesPage = page(
  () => import('../features/reserves/pages/reserves-page'),
  (m) => m.ReservesPage,
);
const AdminAuditLogPage = page(
  () => import('../features/admin/pages/admin-audit-log-page'),
  (m) => m.AdminAuditLogPage,
);
const AdminProfilePage = page(
  () => import('../features/admin/pages/admin-profile-page'),
  (m) => m.AdminProfilePage,
);

/** Spec section 2, route by route, grouped by guard. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      // Open.
      {
        element: <LandingLayout />,
        children: [
          { path: paths.home, element: <LandingPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <AuthLayout />,
        children: [
          { path: paths.login, element: <LoginPage /> },
          { path: paths.register, element: <RegisterPage /> },
          { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
          { path: paths.otpVerification, element: <OtpVerificationPage /> },
          { path: paths.forgotOtpVerify, element: <ForgotOtpVerifyPage /> },
          { path: paths.resetPassword, element: <ResetPasswordPage /> },
        ],
      },
      // Signed-in users.
      {
        element: (
          <RequireUser>
            <UserLayout />
          </RequireUser>
        ),
        children: [
          { path: paths.deposit, element: <DepositPage /> },
          { path: paths.history, element: <HistoryPage /> },
          { path: paths.refer, element: <ReferPage /> },
          { path: paths.support, element: <SupportPage /> },
          { path: paths.dashboard, element: <DashboardPage /> },
          { path: paths.basketSip, element: <BasketSipPage /> },
          { path: paths.blogNews, element: <BlogNewsPage /> },
          { path: paths.buySell, element: <BuySellPage /> },
          { path: paths.stake, element: <StakePage /> },
          { path: paths.p2p, element: <P2pPage /> },
          { path: paths.multicoin, element: <MulticoinPage /> },
          { path: paths.swap, element: <SwapPage /> },
          { path: paths.blogDetails, element: <BlogDetailsPage /> },
          { path: paths.security, element: <SecurityPage /> },
          { path: paths.nftMarketplace, element: <NftMarketplacePage /> },
          { path: paths.nftDetails, element: <NftDetailsPage /> },
        ],
      },
      // Not guarded (spec section 2); the pages themselves handle a visitor.
      {
        element: <UserLayout />,
        children: [
          { path: paths.kyc, element: <KycPage /> },
          { path: paths.profile, element: <ProfilePage /> },
          { path: paths.proTrading, element: <ProTradingBuySellPage /> },
          { path: paths.reserves, element: <ReservesPage /> },
        ],
      },
      // Administrators.
      {
        element: (
          <RequireAdmin>
            <AdminLayout />
          </RequireAdmin>
        ),
        children: [
          { path: paths.adminDashboard, element: <AdminDashboardPage /> },
          { path: paths.adminUsers, element: <AdminUsersPage /> },
          { path: paths.adminTransactions, element: <AdminTransactionsPage /> },
          { path: paths.adminStakes, element: <AdminStakesPage /> },
          { path: paths.adminKyc, element: <AdminKycPage /> },
          { path: paths.adminSupport, element: <AdminSupportPage /> },
          { path: adminRecordRoute('ticket'), element: <AdminSupportPage /> },
          { path: paths.adminKycDetails, element: <AdminKycDetailsPage /> },
          { path: adminRecordRoute('kyc'), element: <AdminKycDetailsPage /> },
          { path: paths.adminProfile, element: <AdminProfilePage /> },
          { path: adminRecordRoute('user'), element: <AdminProfilePage /> },
          { path: paths.adminDebts, element: <AdminDebtsPage /> },
          { path: paths.adminWithdrawals, element: <AdminWithdrawalsPage /> },
          { path: adminRecordRoute('withdrawal'), element: <AdminWithdrawalsPage /> },
          { path: paths.adminNft, element: <AdminNftPage /> },
          { path: paths.adminAuditLog, element: <AdminAuditLogPage /> },
          { path: adminRecordRoute('nft'), element: <AdminNftPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
