import { type AdminKycListItem, messages } from '@exchange/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { adminUser, type FakeRoute, fakeApi } from '../../wallet/test/fake-api';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../components/ui/toaster', () => ({ toast, Toaster: () => null }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const admin = adminUser();

function item(id: string, first: string, status: AdminKycListItem['status']): AdminKycListItem {
  return {
    _id: id,
    user_id: `u-${id}`,
    first_name: first,
    last_name: 'Doe',
    dob: '1990-01-01',
    country_code: '44',
    mobile_no: '5550100',
    address: { landmark: '', city: 'London', state: 'London', country: 'England' },
    documents: [{ identifier: 'ID_CARD', number: 'X', front_image: 'f.png', back_image: 'b.png' }],
    status,
    reason: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    user: {
      _id: `u-${id}`,
      name: first,
      email: `${first.toLowerCase()}@example.com`,
      country_code: '44',
      mobile_no: '5550100',
      profile_pic: '',
    },
    userdata: { email: `${first.toLowerCase()}@example.com` },
    profile_pic: '',
    identity_flagged: false,
  };
}

const listRoute =
  (rows: AdminKycListItem[]): FakeRoute =>
  ({ body }) => {
    const search = String((body as { search?: string }).search ?? '').toLowerCase();
    const content = rows.filter((r) => !search || r.first_name.toLowerCase().includes(search));
    return {
      body: {
        status: true,
        message: 'KYC list',
        data: {
          data: {
            content,
            total: content.length,
            page: 1,
            limit: 10,
            pending_count: rows.filter((r) => r.status === 'PENDING').length,
          },
        },
      },
    };
  };

async function openList() {
  renderApp('/admin-kyc');
  await screen.findByRole('heading', { level: 1, name: messages.adminKycTitle }, { timeout: 15_000 });
}

describe('/admin-kyc', () => {
  it('shows the pending count, status colours and Approve/Reject only for pending rows', async () => {
    fakeApi(admin, {
      'POST /admin/get-all-kyc': listRoute([item('a', 'Ann', 'PENDING'), item('b', 'Ben', 'APPROVED')]),
    });
    await openList();
    expect(await screen.findByTestId('kyc-pending-count')).toHaveTextContent('1 pending');
    expect(screen.getByRole('button', { name: 'Approve Ann Doe' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Reject Ann Doe' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Approve Ben Doe' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reject Ben Doe' })).toBeDisabled();
    for (const header of ['Sr. No', 'User', 'Date', 'Status', 'Approve', 'Reject', 'View'])
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
  });

  it('searches on the server as it is typed and shows No Data Found', async () => {
    const calls = fakeApi(admin, { 'POST /admin/get-all-kyc': listRoute([item('a', 'Ann', 'PENDING')]) });
    await openList();
    await screen.findByText('Ann Doe');
    await userEvent.type(screen.getByPlaceholderText(messages.adminSearchPlaceholder), 'zed');
    expect(await screen.findByText(messages.noDataFoundAdmin)).toBeInTheDocument();
    expect(
      calls.some(
        (c) => c.key === 'POST /admin/get-all-kyc' && (c.body as { search: string }).search === 'zed',
      ),
    ).toBe(true);
  });

  it('shows every request again when the box is emptied by its clear button, which types no key', async () => {
    fakeApi(admin, { 'POST /admin/get-all-kyc': listRoute([item('a', 'Ann', 'PENDING')]) });
    await openList();
    await screen.findByText('Ann Doe');
    const box = screen.getByPlaceholderText(messages.adminSearchPlaceholder);
    await userEvent.type(box, 'zed');
    expect(await screen.findByText(messages.noDataFoundAdmin)).toBeInTheDocument();
    // The native clear button (×) of a search box empties it with an input event and no key-up.
    fireEvent.change(box, { target: { value: '' } });
    expect(await screen.findByText('Ann Doe')).toBeInTheDocument();
  });

  it('after a decision, the user list is read again instead of showing the cached KYC state', async () => {
    let verified = false;
    const user = {
      _id: 'u-a',
      name: 'Ann Doe',
      email: 'ann@example.com',
      country_code: '44',
      mobile_no: '5550100',
      profile_pic: '',
      role: 'USER',
      status: 'ACTIVE',
      createdAt: '2026-01-01T10:00:00.000Z',
      wallet_usd: '0.00',
    };
    fakeApi(admin, {
      'POST /admin/get-all-users': () => ({
        body: {
          status: true,
          message: 'User list',
          data: {
            content: [{ ...user, is_kyc_verified: verified, kycdata: [{ _id: 'a', status: 'PENDING' }] }],
            total: 1,
            page: 1,
            limit: 10,
          },
        },
      }),
      'POST /admin/get-all-kyc': listRoute([item('a', 'Ann', 'PENDING')]),
      'POST /admin/verify-kyc': () => {
        verified = true;
        return {
          body: {
            status: true,
            message: 'KYC approved successfully',
            data: { status: true, kyc: item('a', 'Ann', 'APPROVED') },
          },
        };
      },
    });
    const { router } = renderApp('/admin-user');
    // Awaiting review reads PENDING (not INCOMPLETE), linked to the submission.
    expect(await screen.findByText('PENDING', undefined, { timeout: 15_000 })).toBeInTheDocument();

    await router.navigate('/admin-kyc');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Ann Doe' }));
    const approve = await screen.findByRole('alertdialog', { name: messages.confirmApproveKyc });
    await userEvent.click(within(approve).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    await router.navigate('/admin-user');
    expect(await screen.findByRole('link', { name: 'KYC details of Ann Doe' })).toBeInTheDocument();
  }, 20_000);

  it('marks a possible duplicate identity, and its approval sends the reward choice the admin ticked', async () => {
    const decisions: unknown[] = [];
    const flagged = { ...item('a', 'Ann', 'PENDING'), identity_flagged: true };
    fakeApi(admin, {
      'POST /admin/get-all-kyc': listRoute([flagged, item('b', 'Ben', 'PENDING')]),
      'POST /admin/verify-kyc': ({ body }) => {
        decisions.push(body);
        return {
          body: {
            status: true,
            message: 'KYC approved successfully',
            data: { status: true, kyc: item('a', 'Ann', 'APPROVED') },
          },
        };
      },
    });
    await openList();
    const annRow = (await screen.findByText('Ann Doe')).closest('tr') as HTMLElement;
    expect(within(annRow).getByText(messages.kycDuplicateIdentityBadge)).toBeInTheDocument();
    const benRow = screen.getByText('Ben Doe').closest('tr') as HTMLElement;
    expect(within(benRow).queryByText(messages.kycDuplicateIdentityBadge)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Approve Ann Doe' }));
    let approve = await screen.findByRole('alertdialog', { name: messages.confirmApproveKyc });
    expect(within(approve).getByText(messages.kycDuplicateIdentityNote)).toBeInTheDocument();
    await userEvent.click(within(approve).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(decisions).toHaveLength(1));
    expect(decisions[0]).toEqual({
      kyc_id: 'a',
      user_id: 'u-a',
      status: 'APPROVED',
      pay_referral_despite_match: false,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Approve Ann Doe' }));
    approve = await screen.findByRole('alertdialog', { name: messages.confirmApproveKyc });
    await userEvent.click(within(approve).getByLabelText(messages.kycPayRewardDespiteMatch));
    await userEvent.click(within(approve).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(decisions).toHaveLength(2));
    expect(decisions[1]).toMatchObject({ pay_referral_despite_match: true });

    // An unflagged approval asks nothing more and sends no choice.
    await userEvent.click(screen.getByRole('button', { name: 'Approve Ben Doe' }));
    approve = await screen.findByRole('alertdialog', { name: messages.confirmApproveKyc });
    expect(within(approve).queryByLabelText(messages.kycPayRewardDespiteMatch)).not.toBeInTheDocument();
    await userEvent.click(within(approve).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(decisions).toHaveLength(3));
    expect(decisions[2]).toEqual({ kyc_id: 'b', user_id: 'u-b', status: 'APPROVED' });
  }, 20_000);

  it('approves after Yes, and a reject needs a reason', async () => {
    const decisions: unknown[] = [];
    fakeApi(admin, {
      'POST /admin/get-all-kyc': listRoute([item('a', 'Ann', 'PENDING')]),
      'POST /admin/verify-kyc': ({ body }) => {
        decisions.push(body);
        return {
          body: {
            status: true,
            message: 'KYC approved successfully',
            data: { status: true, kyc: item('a', 'Ann', 'APPROVED') },
          },
        };
      },
    });
    await openList();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Ann Doe' }));
    const approve = await screen.findByRole('alertdialog', { name: messages.confirmApproveKyc });
    await userEvent.click(within(approve).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(decisions).toEqual([{ kyc_id: 'a', user_id: 'u-a', status: 'APPROVED' }]));

    await userEvent.click(await screen.findByRole('button', { name: 'Reject Ann Doe' }));
    const reject = await screen.findByRole('alertdialog', { name: messages.confirmRejectKyc });
    await userEvent.click(within(reject).getByRole('button', { name: 'Yes' }));
    expect(await within(reject).findByText(messages.kycRejectReasonRequired)).toBeInTheDocument();
    await userEvent.type(within(reject).getByLabelText('Reason'), 'Blurry');
    await userEvent.click(within(reject).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(decisions).toHaveLength(2));
    expect(decisions[1]).toEqual({ kyc_id: 'a', user_id: 'u-a', status: 'REJECTED', reason: 'Blurry' });
  });
});
