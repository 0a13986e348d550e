import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithQuery } from '../../market/test/fakes';

const toast = vi.hoisted(() => ({ success: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('../../../components/ui/toaster', () => ({ toast }));

const { NewsletterForm } = await import('./newsletter-form');

async function submit(email: string) {
  const user = userEvent.setup();
  const field = screen.getByLabelText('Email');
  await user.clear(field);
  if (email) await user.type(field, email);
  await user.click(screen.getByRole('button', { name: 'Subscribe' }));
}

beforeEach(() => {
  for (const spy of Object.values(toast)) spy.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('newsletter form', () => {
  it('asks for an e-mail when empty and for a valid one when malformed, with the spec texts verbatim', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithQuery(<NewsletterForm />);

    await submit('');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Please enter Email$/);

    await submit('not-an-email');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Please enter  valid email'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('subscribes and shows the server message as a success toast', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ status: true, message: 'Subscribed successfully' }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithQuery(<NewsletterForm />);

    await submit('Ann@Example.com');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Subscribed successfully'));
    const init = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init[0]).toBe('/api/v1/public/newsletter/subscribe');
    expect(JSON.parse(String(init[1].body))).toEqual({ email: 'ann@example.com' });
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('shows a false status as a warning with the server message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ status: false, message: 'Not today' })),
    );
    renderWithQuery(<NewsletterForm />);
    await submit('ann@example.com');
    await waitFor(() => expect(toast.warning).toHaveBeenCalledWith('Not today'));
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('shows a failure as an error toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderWithQuery(<NewsletterForm />);
    await submit('ann@example.com');
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Network Error'));
  });
});
