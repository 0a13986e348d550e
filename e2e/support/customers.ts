import { type APIRequestContext, expect, type Locator } from '@playwright/test';
import sharp from 'sharp';

/**
 * New customers for the browser flows: unique addresses, the dev mailbox's codes, camera-like images,
 * and a customer made ready (registered, verified, KYC approved) through the real API, for a flow
 * whose figures must not move under another worker's flows the way the shared demo accounts' do.
 */

export interface Mail {
  readonly subject: string;
  readonly text: string;
}

const ADMIN = { email: 'admin@example.com', password: 'Admin@123456' };

export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** What the dev mailbox holds for `email`, newest first. */
export async function mailbox(request: APIRequestContext, email: string): Promise<Mail[]> {
  const response = await request.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as { data: Mail[] }).data;
}

/**
 * A withdraw dialog's second step: the code mailed to `email`, typed in; the withdrawal waits for
 * approval and the dialog is closed.
 */
export async function confirmWithMailedCode(
  dialog: Locator,
  request: APIRequestContext,
  email: string,
): Promise<void> {
  await expect(dialog.getByLabel('Code from the e-mail')).toBeVisible();
  let code = '';
  await expect
    .poll(async () => {
      const mail = (await mailbox(request, email)).find((m) => m.subject === 'Confirm your withdrawal');
      code = /is (\d{6})\./.exec(mail?.text ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  await dialog.getByLabel('Code from the e-mail').fill(code);
  await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Withdrawal confirmed: it is waiting for approval');
  await dialog.getByRole('button', { name: 'OK' }).click();
}

export async function mailSubjects(request: APIRequestContext, email: string): Promise<string[]> {
  return (await mailbox(request, email)).map((mail) => mail.subject);
}

/** Waits for a mail with `subject` beyond the `seen` count, and reads the 6-digit code out of it. */
export async function readOtp(
  request: APIRequestContext,
  email: string,
  subject = 'Verify your email address',
  seen = 0,
): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const matching = (await mailbox(request, email)).filter((mail) => mail.subject === subject);
        if (matching.length <= seen) return '';
        code = /\b(\d{6})\b/.exec(matching[0]?.text ?? '')?.[1] ?? '';
        return code;
      },
      { timeout: 15_000, message: `a "${subject}" mail for ${email}` },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/** A small real PNG, made here so a flow uploads what a phone camera would hand over. */
export async function png(colour: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

type Colour = { r: number; g: number; b: number };

/**
 * A KYC identity no other flow uses: a birth date, a card number and two image colours drawn at
 * random. Submissions sharing any of them with another account's are flagged as a possible
 * duplicate identity, whose approval pays no referral reward.
 */
export function uniqueIdentity(): { dob: string; cardNumber: string; front: Colour; back: Colour } {
  const random = (n: number) => Math.floor(Math.random() * n);
  const colour = () => ({ r: random(256), g: random(256), b: random(256) });
  const day = new Date(Date.UTC(1950, 0, 1) + random(18_000) * 86_400_000);
  const digits = (n: number) => String(random(10 ** n)).padStart(n, '0');
  return {
    dob: day.toISOString().slice(0, 10),
    cardNumber: `784-${digits(4)}-${digits(7)}-${digits(1)}`,
    front: colour(),
    back: colour(),
  };
}

interface ImageFile {
  readonly name: string;
  readonly mimeType: string;
  readonly buffer: Buffer;
}

/** POSTs to the API as the web app does, and fails the flow with the answer when it is not a 2xx. */
async function post<T>(
  request: APIRequestContext,
  url: string,
  options: { token?: string; data?: unknown; multipart?: Record<string, ImageFile> } = {},
): Promise<T> {
  const response = await request.post(`/api/v1${url}`, {
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.data === undefined ? {} : { data: options.data }),
    ...(options.multipart === undefined ? {} : { multipart: options.multipart }),
  });
  const body = await response.text();
  expect(response.ok(), `POST ${url}: ${response.status()} ${body}`).toBe(true);
  return JSON.parse(body) as T;
}

async function logIn(request: APIRequestContext, email: string, password: string) {
  return post<{ token: string; data: { _id: string } }>(request, '/auth/login', {
    data: { email, password },
  });
}

/** Registers a customer and verifies the mailed code through the API the web app calls. */
export async function registeredCustomer(
  request: APIRequestContext,
  tag: string,
  password = 'Flow@123456',
): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(tag);
  await post(request, '/auth/signup', {
    data: {
      name: 'Vera Verified',
      country_code: '971',
      mobile_no: '501234567',
      email,
      password,
      confirm_password: password,
    },
  });
  const otp = await readOtp(request, email);
  await post(request, '/otp/verify', { data: { email, otp, type: 'EMAIL_VERIFY' } });
  return { email, password };
}

/**
 * A registered customer who also submitted KYC with two images (an identity of their own unless one
 * is given), through the API the web app calls; the submission waits for the admin.
 */
export async function submittedCustomer(
  request: APIRequestContext,
  tag: string,
  identity: ReturnType<typeof uniqueIdentity> = uniqueIdentity(),
): Promise<{ email: string; password: string; userId: string; kycId: string }> {
  const { email, password } = await registeredCustomer(request, tag);
  const customer = await logIn(request, email, password);

  const upload = async (colour: Colour, name: string) =>
    (
      await post<{ data: { file: { filename: string } } }>(request, '/upload/image/kyc-doc', {
        token: customer.token,
        multipart: { kyc_doc_image: { name, mimeType: 'image/png', buffer: await png(colour) } },
      })
    ).data.file.filename;
  const kyc = await post<{ data: { _id: string } }>(request, '/kyc/create', {
    token: customer.token,
    data: {
      first_name: 'Vera',
      last_name: 'Verified',
      mobile_no: '501234567',
      country_code: '971',
      address: { city: 'Dubai', state: 'Dubai', country: 'United Arab Emirates' },
      dob: identity.dob,
      documents: [
        {
          identifier: 'ID_CARD',
          number: identity.cardNumber,
          front_image: await upload(identity.front, 'front.png'),
          back_image: await upload(identity.back, 'back.png'),
        },
      ],
    },
  });
  return { email, password, userId: customer.data._id, kycId: kyc.data._id };
}

/**
 * A registered customer who also submitted KYC with two images and had the admin approve it, all
 * through the API the web app calls; the customer then holds nothing at all.
 */
export async function verifiedCustomer(
  request: APIRequestContext,
  tag: string,
): Promise<{ email: string; password: string }> {
  const { email, password, userId, kycId } = await submittedCustomer(request, tag);
  const admin = await logIn(request, ADMIN.email, ADMIN.password);
  await post(request, '/admin/verify-kyc', {
    token: admin.token,
    data: { user_id: userId, kyc_id: kycId, status: 'APPROVED' },
  });
  return { email, password };
}

/**
 * A verified customer who holds only USD: `amount` deposited through the sandbox payment provider,
 * through the API the deposit dialog calls (open the order, the buyer approves it, capture and credit).
 */
export async function usdOnlyCustomer(
  request: APIRequestContext,
  tag: string,
  amount: string,
): Promise<{ email: string; password: string }> {
  const { email, password } = await verifiedCustomer(request, tag);
  const { token } = await logIn(request, email, password);
  const key = () => ({ 'idempotency-key': `${tag}-${Date.now()}-${Math.random()}` });
  const send = async <T>(url: string, data: unknown) => {
    const response = await request.post(`/api/v1${url}`, {
      headers: { authorization: `Bearer ${token}`, ...key() },
      data,
    });
    const body = await response.text();
    expect(response.ok(), `POST ${url}: ${response.status()} ${body}`).toBe(true);
    return JSON.parse(body) as T;
  };
  const opened = await send<{ data: { order: { order_id: string } } }>('/wallet/deposits/orders', { amount });
  const orderId = opened.data.order.order_id;
  await send(`/wallet/deposits/sandbox/${encodeURIComponent(orderId)}/approve`, {});
  await send('/wallet/fiat/add/usd/amount', { amount, order_id: orderId });
  return { email, password };
}
