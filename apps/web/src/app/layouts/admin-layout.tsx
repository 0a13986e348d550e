import { useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { ToastRoom } from '../../components/ui/toast-room';
import { useAdminAccess } from '../../features/admin/api/admin-access';
import { AdminTwoFactorGate } from '../../features/admin/components/admin-two-factor-gate';
import { useSession } from '../../features/session/session-context';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { useDismiss } from '../../lib/use-dismiss';
import { useRoutePopup } from '../../lib/use-route-popup';
import { Brand } from './brand';
import { LazyLogoutDialog } from './lazy-logout-dialog';
import { MenuIcon } from './menu-icon';
import { PageOutlet } from './page-outlet';
import { Avatar } from './profile-menu';

const menu = [
  { to: paths.adminDashboard, label: 'Dashboard' },
  { to: paths.adminUsers, label: 'Users' },
  { to: paths.adminTransactions, label: 'Transactions' },
  { to: paths.adminStakes, label: 'Stakes' },
  { to: paths.adminKyc, label: 'KYC' },
  { to: paths.adminSupport, label: 'Support' },
  { to: paths.adminDebts, label: 'Debts' },
  { to: paths.adminWithdrawals, label: 'Withdrawals' },
  { to: paths.adminNft, label: 'NFTs' },
  { to: paths.adminAuditLog, label: 'Audit Log' },
] as const;

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center rounded-md px-3 py-2.5 text-sm font-medium',
    isActive ? 'bg-accent/15 text-accent' : 'text-muted hover:bg-raised hover:text-ink',
  );

/** The back-office frame: a side menu on wide screens, a drawer on phones. */
export function AdminLayout() {
  const session = useSession();
  // In production an admin without two-factor turns it on before any screen opens (issue 46).
  const access = useAdminAccess();
  const { open: drawerOpen, close: closeDrawer, toggle: toggleDrawer } = useRoutePopup();
  const [logoutOpen, setLogoutOpen] = useState(false);
  const drawerRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useDismiss(drawerOpen, closeDrawer, drawerRef, toggleRef);

  // Spec section 2: Yes clears the session and reloads, landing on / (not on /login, where the guard
  // sends a signed-out visit to an admin page).
  const logout = async () => {
    await session.signOut();
    window.location.replace(paths.home);
  };

  const nav = (
    <nav aria-label="Admin">
      <ul className="flex flex-col gap-1">
        {menu.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className={linkClasses}>
              {item.label}
            </NavLink>
          </li>
        ))}
        <li>
          <button
            type="button"
            onClick={() => setLogoutOpen(true)}
            className="flex w-full items-center rounded-md px-3 py-2.5 text-left text-sm font-medium text-muted hover:bg-raised hover:text-ink"
          >
            Logout
          </button>
        </li>
      </ul>
    </nav>
  );

  return (
    <div className="flex min-h-dvh flex-col lg:flex-row">
      <aside className="hidden w-64 shrink-0 flex-col gap-6 border-r border-line bg-surface p-4 lg:flex">
        <Brand to={paths.adminDashboard} />
        {nav}
      </aside>

      <div
        ref={drawerRef}
        className="sticky top-0 z-30 border-b border-line bg-canvas/95 backdrop-blur lg:hidden"
      >
        <div className="flex h-16 items-center justify-between px-4">
          <Brand to={paths.adminDashboard} />
          <button
            ref={toggleRef}
            type="button"
            className="rounded p-2 text-ink"
            aria-expanded={drawerOpen}
            aria-controls="admin-mobile-menu"
            aria-label={drawerOpen ? 'Close menu' : 'Open menu'}
            onClick={toggleDrawer}
          >
            <MenuIcon open={drawerOpen} />
          </button>
        </div>
        {drawerOpen ? (
          <div id="admin-mobile-menu" className="border-t border-line px-4 pt-2 pb-4">
            {nav}
          </div>
        ) : null}
      </div>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="hidden h-16 items-center justify-end gap-3 border-b border-line px-6 lg:flex">
          {session.user ? (
            <>
              <span className="text-sm text-muted">{session.user.email}</span>
              <Avatar user={session.user} />
            </>
          ) : null}
        </header>
        <ToastRoom className="top-[65px] lg:top-0" />
        <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:py-8">
          {access.enrolFirst ? <AdminTwoFactorGate /> : <PageOutlet />}
        </main>
      </div>

      <LazyLogoutDialog open={logoutOpen} onOpenChange={setLogoutOpen} onConfirm={logout} variant="admin" />
    </div>
  );
}
