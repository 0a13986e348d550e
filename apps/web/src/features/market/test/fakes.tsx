import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import type { RealtimeClient, RealtimeStatus } from '../../../lib/realtime';

/** Renders a widget with a fresh query cache (no retries leaking between tests). */
export function renderWithQuery(ui: ReactElement) {
  const queryClient = createQueryClient();
  return render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * A stand-in for lib/realtime's shared client: tests push channel frames and flip the socket's status
 * by hand instead of opening a WebSocket.
 */
export function createFakeRealtime(initial: RealtimeStatus = 'open') {
  const listeners = new Map<string, Set<(data: unknown) => void>>();
  const statusListeners = new Set<(status: RealtimeStatus) => void>();
  const authListeners = new Set<() => void>();
  let current = initial;
  const client: RealtimeClient = {
    subscribe: vi.fn((channel: string, onData: (data: unknown) => void) => {
      const set = listeners.get(channel) ?? new Set();
      set.add(onData);
      listeners.set(channel, set);
      return () => set.delete(onData);
    }),
    status: () => current,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    onAuthenticated(listener) {
      authListeners.add(listener);
      return () => authListeners.delete(listener);
    },
    tokenChanged: () => undefined,
  };
  return {
    client,
    emit(channel: string, data: unknown) {
      for (const listener of listeners.get(channel) ?? []) listener(data);
    },
    /** The socket (re)signed in. */
    authenticate() {
      for (const listener of authListeners) listener();
    },
    setStatus(status: RealtimeStatus) {
      current = status;
      for (const listener of statusListeners) listener(status);
    },
  };
}
