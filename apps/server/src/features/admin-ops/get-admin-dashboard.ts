import { type AdminDashboard, DASHBOARD_LATEST_SIZE, type SupportTicket } from '@exchange/contracts';
import type { supportTickets } from '../../db/schema';
import type { AppContext } from '../../platform/app-context';
import { userCard } from '../../platform/user-card';
import { latestTransactions } from './admin-lists.repository';
import { adminTransactionView, dashboardKycView } from './admin-ops-view';
import { dashboardCounts, latestPendingKyc, latestPendingTickets } from './admin-stats.repository';

/** A ticket as the support feature shows it (wired in app.ts), for the dashboard's pending tickets. */
export type TicketView = (row: typeof supportTickets.$inferSelect, userName: string) => SupportTicket;

/** The admin dashboard's counts and latest lists (spec section 3), read in one snapshot. */
export async function getAdminDashboard(ctx: AppContext, ticketView: TicketView): Promise<AdminDashboard> {
  return ctx.db.transaction(
    async (tx) => {
      const counts = await dashboardCounts(tx);
      const latest = await latestTransactions(tx, DASHBOARD_LATEST_SIZE);
      const pending = await latestTransactions(tx, DASHBOARD_LATEST_SIZE, 'PENDING');
      const kyc = await latestPendingKyc(tx, DASHBOARD_LATEST_SIZE);
      const tickets = await latestPendingTickets(tx, DASHBOARD_LATEST_SIZE);
      return {
        ...counts,
        letestTransaction: latest.map((row) => adminTransactionView(row)),
        letestPEndingTransaction: pending.map((row) => adminTransactionView(row)),
        letestKyc: kyc.map(dashboardKycView),
        letestPendingSupport: tickets.map(({ ticket, user }) => {
          const { profile_pic, ...userdata } = userCard(user);
          return { ...ticketView(ticket, user.name), user_id: user.id, userdata, profile_pic };
        }),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
