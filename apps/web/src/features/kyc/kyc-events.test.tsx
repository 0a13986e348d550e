import type { KycGetResponse, PublicUser } from '@exchange/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { createFakeRealtime } from '../market/test/fakes';
import { SESSION_QUERY_KEY } from '../session/session-provider';
import { kycKeys } from './api/kyc-keys';
import { useKycEvents } from './kyc-events';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../components/ui/toaster', () => ({ toast, Toaster: () => null }));

const user = { _id: 'u1', email: 'carol@example.com', is_kyc_verified: false } as unknown as PublicUser;
const pending = {
  status: true,
  message: 'KYC loaded',
  data: { _id: 'k1', user_id: 'u1', status: 'PENDING', reason: null },
} as unknown as KycGetResponse;

function Probe({
  enabled,
  client,
}: {
  enabled: boolean;
  client: ReturnType<typeof createFakeRealtime>['client'];
}) {
  useKycEvents(enabled, client);
  return null;
}

/** A signed-in customer whose submission is under review, with the socket's fake and the cache. */
function setup(enabled = true) {
  const fake = createFakeRealtime();
  const queryClient = createQueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, user);
  queryClient.setQueryData(kycKeys.mine, pending);
  const spy = vi.spyOn(queryClient, 'invalidateQueries');
  render(
    <QueryClientProvider client={queryClient}>
      <Probe enabled={enabled} client={fake.client} />
    </QueryClientProvider>,
  );
  const cached = () => ({
    verified: queryClient.getQueryData<PublicUser>(SESSION_QUERY_KEY)?.is_kyc_verified,
    status: queryClient.getQueryData<KycGetResponse>(kycKeys.mine)?.data?.status,
  });
  const invalidated = () => spy.mock.calls.map(([filters]) => filters?.queryKey).filter(Boolean);
  return { fake, cached, invalidated };
}

describe('useKycEvents', () => {
  it('an approval makes the session user verified and the record approved at once, then reads both again', async () => {
    const { fake, cached, invalidated } = setup();
    expect(fake.client.subscribe).toHaveBeenCalledWith('user', expect.any(Function));
    act(() => fake.emit('user', { type: 'kyc', status: 'APPROVED' }));
    expect(cached()).toEqual({ verified: true, status: 'APPROVED' });
    expect(invalidated()).toEqual([SESSION_QUERY_KEY, kycKeys.mine]);
    await vi.waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Your KYC is approved. You can now deposit and trade.'),
    );
  });

  it('a rejection shows on the record and leaves the user unverified; the reason is read again', async () => {
    const { fake, cached, invalidated } = setup();
    act(() => fake.emit('user', { type: 'kyc', status: 'REJECTED' }));
    expect(cached()).toEqual({ verified: false, status: 'REJECTED' });
    expect(invalidated()).toEqual([SESSION_QUERY_KEY, kycKeys.mine]);
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Your KYC was rejected. Please correct it and submit again.'),
    );
  });

  it('other events on the channel, and malformed KYC events, change nothing', () => {
    const { fake, cached, invalidated } = setup();
    act(() => {
      fake.emit('user', { type: 'balance' });
      fake.emit('user', { type: 'chain_deposit', deposit: {} });
      fake.emit('user', { type: 'kyc', status: 'VERIFIED' });
      // Not a decision: a submission is the customer's own doing.
      fake.emit('user', { type: 'kyc', status: 'PENDING' });
      fake.emit('user', { type: 'kyc' });
    });
    expect(cached()).toEqual({ verified: false, status: 'PENDING' });
    expect(invalidated()).toEqual([]);
  });

  it('after a reconnect the user and the record are read again, since a decision may have been missed', () => {
    const { fake, invalidated } = setup();
    act(() => fake.authenticate());
    expect(invalidated()).toEqual([]);
    act(() => fake.authenticate());
    expect(invalidated()).toEqual([SESSION_QUERY_KEY, kycKeys.mine]);
  });

  it('signed out, it does not listen', () => {
    const { fake } = setup(false);
    expect(fake.client.subscribe).not.toHaveBeenCalled();
  });
});
