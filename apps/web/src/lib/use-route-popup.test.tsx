import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useRoutePopup } from './use-route-popup';

/** The hook and a navigate function, rendered inside a memory router that starts at /wallet. */
function renderAtWallet() {
  let navigate: ReturnType<typeof useNavigate> = () => undefined;
  const wrapper = ({ children }: { readonly children: ReactNode }) => {
    const router = createMemoryRouter([{ path: '*', element: children }], { initialEntries: ['/wallet'] });
    return <RouterProvider router={router} />;
  };
  const hook = renderHook(
    () => {
      navigate = useNavigate();
      return useRoutePopup();
    },
    { wrapper },
  );
  return { hook, go: (to: string) => act(() => navigate(to)) };
}

describe('useRoutePopup', () => {
  it('closes when the user navigates, and stays closed on coming back to the page it was opened on', async () => {
    const { hook, go } = renderAtWallet();
    act(() => hook.result.current.toggle());
    expect(hook.result.current.open).toBe(true);
    await go('/security');
    expect(hook.result.current.open).toBe(false);
    await go('/wallet');
    expect(hook.result.current.open).toBe(false);
  });

  it('toggles and closes on the same page', () => {
    const { hook } = renderAtWallet();
    act(() => hook.result.current.toggle());
    act(() => hook.result.current.toggle());
    expect(hook.result.current.open).toBe(false);
    act(() => hook.result.current.toggle());
    act(() => hook.result.current.close());
    expect(hook.result.current.open).toBe(false);
  });
});
