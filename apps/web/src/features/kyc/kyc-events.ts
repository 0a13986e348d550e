import {
  type KycGetResponse,
  type KycStatus,
  kycEventSchema,
  messages,
  type PublicUser,
} from '@exchange/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type RealtimeClient, realtime } from '../../lib/realtime';
import { SESSION_QUERY_KEY } from '../session/session-provider';
import { kycKeys } from './api/kyc-keys';

/**
 * The new status a frame of the private 'user' channel carries when it is a `kyc` event (an admin
 * decided the caller's KYC), else null.
 */
export function readKycEvent(data: unknown): KycStatus | null {
  const parsed = kycEventSchema.safeParse(data);
  return parsed.success ? parsed.data.status : null;
}

/**
 * Puts a KYC decision into the cache at once, so every screen that shows the status changes in the
 * same render: the caller's record takes the new status and, on approval, the session user becomes
 * verified (which opens every gate: Deposit USD, trading, swap, P2P, staking, withdrawals). Then both
 * are read again for what the event leaves out (a rejection's reason, the record's times), and any
 * query that failed, most likely refused for want of KYC, is tried again.
 */
export function applyKycDecision(queryClient: QueryClient, status: KycStatus): Promise<unknown> {
  queryClient.setQueryData<KycGetResponse>(kycKeys.mine, (cached) =>
    cached?.data ? { ...cached, data: { ...cached.data, status } } : cached,
  );
  if (status === 'APPROVED') {
    queryClient.setQueryData<PublicUser>(SESSION_QUERY_KEY, (user) =>
      user ? { ...user, is_kyc_verified: true } : user,
    );
  }
  return refetchKycStanding(queryClient);
}

/** Reads the session user and the KYC record again, and retries queries that failed. */
export function refetchKycStanding(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: kycKeys.mine }),
    queryClient.invalidateQueries({ predicate: (query) => query.state.status === 'error' }),
  ]);
}

/**
 * While signed in, follows the private 'user' channel's `kyc` events: the decision goes into the cache
 * (applyKycDecision) and a toast says it, whatever screen is open. After the socket signs in again (a
 * reconnect, a refreshed token) the user and the record are read afresh, so a decision made while
 * offline shows too. Nothing polls.
 */
export function useKycEvents(enabled: boolean, client: RealtimeClient = realtime): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const stopEvents = client.subscribe('user', (data) => {
      const status = readKycEvent(data);
      if (!status || status === 'PENDING') return;
      void applyKycDecision(queryClient, status);
      // The toast library stays out of the shell's first load (app/provider.tsx); this runs on every screen.
      void import('../../components/ui/toaster').then(({ toast }) =>
        status === 'APPROVED'
          ? toast.success(messages.kycApprovedLive)
          : toast.error(messages.kycRejectedNote),
      );
    });
    let first = true;
    const stopAuth = client.onAuthenticated(() => {
      if (first) {
        first = false;
        return;
      }
      void refetchKycStanding(queryClient);
    });
    return () => {
      stopEvents();
      stopAuth();
    };
  }, [enabled, client, queryClient]);
}
