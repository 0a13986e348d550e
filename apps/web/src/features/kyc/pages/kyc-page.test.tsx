import { type KycRecord, messages } from '@exchange/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { customer, fakeApi, walletFixture } from '../../wallet/test/fake-api';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../components/ui/toaster', () => ({ toast, Toaster: () => null }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function record(status: KycRecord['status'], reason: string | null = null): KycRecord {
  return {
    _id: 'kyc-1',
    user_id: 'u-bob',
    first_name: 'Bob',
    last_name: 'Jones',
    dob: '1990-01-02',
    country_code: '971',
    mobile_no: '501234567',
    address: { landmark: '', city: 'Dubai', state: 'Dubai', country: 'Emirates' },
    documents: [{ identifier: 'ID_CARD', number: 'X1', front_image: 'f.png', back_image: 'b.png' }],
    status,
    reason,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

const kycAnswer = (data: KycRecord | null) => () => ({
  body: { status: true, message: 'KYC details', data },
});
const image = () => ({ body: {} });

async function openKyc() {
  renderApp('/kyc');
  await screen.findByRole('heading', { level: 1, name: 'KYC' }, { timeout: 15_000 });
}

describe('/kyc', () => {
  it("shows the spec's messages when Submit is pressed on an empty form", async () => {
    fakeApi(customer(false), { 'GET /kyc/': kycAnswer(null) });
    await openKyc();
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    for (const text of [
      messages.kycFirstNameRequired,
      messages.kycLastNameRequired,
      messages.kycDobRequired,
      messages.kycCityRequired,
      messages.kycStateRequired,
      messages.kycCountryRequired,
      messages.kycDocRequired,
      messages.kycDocNumberRequired,
      messages.kycFrontImageRequired,
      messages.kycBackImageRequired,
    ])
      expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('says a future date of birth is wrong at once, while other fields are still empty', async () => {
    fakeApi(customer(false), { 'GET /kyc/': kycAnswer(null) });
    await openKyc();
    await userEvent.type(await screen.findByLabelText('Date of Birth'), '2999-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(messages.kycDobFuture)).toBeInTheDocument();
    expect(screen.getByText(messages.kycFirstNameRequired)).toBeInTheDocument();
  });

  it('keeps digits and symbols out of the name fields', async () => {
    fakeApi(customer(false), { 'GET /kyc/': kycAnswer(null) });
    await openKyc();
    const first = await screen.findByLabelText('First Name');
    await userEvent.type(first, 'Jo3h<n> Paul');
    expect(first).toHaveValue('John Paul');
  });

  it('shows a pending submission read-only, without Submit', async () => {
    fakeApi(customer(false), {
      'GET /kyc/': kycAnswer(record('PENDING')),
      'GET /kyc/document/f.png': image,
      'GET /kyc/document/b.png': image,
    });
    await openKyc();
    expect(await screen.findByText(messages.kycUnderReviewNote)).toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it("shows a rejection's reason and lets the user submit again", async () => {
    fakeApi(customer(false), {
      'GET /kyc/': kycAnswer(record('REJECTED', 'Photo too dark')),
      'GET /kyc/document/f.png': image,
      'GET /kyc/document/b.png': image,
    });
    await openKyc();
    expect(await screen.findByText('Photo too dark')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveValue('Bob');
  });
});

describe('/kyc for a verified customer without a submission', () => {
  it('says the KYC is approved and offers no blank form', async () => {
    fakeApi(customer(true), { 'GET /kyc/': kycAnswer(null) });
    await openKyc();
    expect(await screen.findByText(messages.kycAlreadyApproved)).toBeInTheDocument();
    expect(screen.getByText('APPROVED')).toBeInTheDocument();
    expect(screen.queryByLabelText('First Name')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });
});

describe('KYC gating while the review is under way', () => {
  it('tells a pending user on the wallet that their KYC is under review, not to complete it', async () => {
    fakeApi(customer(false), {
      'GET /wallet': () => ({ body: walletFixture }),
      'GET /kyc/': kycAnswer(record('PENDING')),
    });
    renderApp('/deposit');
    expect(
      await screen.findByRole('link', { name: messages.kycUnderReview }, { timeout: 15_000 }),
    ).toHaveAttribute('href', '/kyc');
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: messages.completeKyc })).not.toBeInTheDocument(),
    );
  });
});
