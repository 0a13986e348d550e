import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake PayPal on 127.0.0.1 that behaves like Orders v2 for the cases we care about. The amount picks
 * the buyer's fate: 13.00 is declined, 14.00 stays pending, 15.00 is captured as 15.01 (a mismatch);
 * anything else completes. A second capture of an order answers ORDER_ALREADY_CAPTURED, as PayPal does
 * once the first request id is forgotten.
 *
 * Payouts (withdrawals): a batch is PENDING when created and SUCCESS when asked again; a payout of
 * 66.00 is refused (422 INSUFFICIENT_FUNDS), one of 77.00 ends RETURNED. As PayPal documents it, a
 * repeated PayPal-Request-Id answers the first request's latest state (unless `forgetRequestIds`), and a
 * repeated sender_batch_id otherwise answers 'already exists' (400 USER_BUSINESS_ERROR) with a link to
 * the batch it already made; GET /v1/payments/payouts/{payout_batch_id} looks a batch up. `payouts` is
 * the fake's own record of what it paid, one per sender_batch_id. Tests make payout calls misbehave
 * on demand: `payoutFaults` (per sender_batch_id, used up in order), `payoutDelayMs`, and
 * `onPayoutCall`, awaited after a creation is recorded and before it is answered.
 */
export class FakePaypal {
  server: Server = createServer((req, res) => void this.handle(req, res));
  url = '';
  orders = new Map<string, { value: string; currency: string; captured: boolean; captureStatus?: string }>();
  calls: string[] = [];
  createdBodies: unknown[] = [];
  payouts = new Map<string, FakePayout>();
  /** sender_batch_id → the item status its lookups show instead (an UNCLAIMED item in a SUCCESS batch). */
  itemStatuses = new Map<string, string>();
  /** PayPal-Request-Id → what its first request answered (PayPal keeps them for 30 days). */
  private requests = new Map<string, { senderBatchId: string } | { refused: unknown }>();
  /** Answer a repeated request id as a new request, as PayPal does once it has forgotten the id. */
  forgetRequestIds = false;
  payoutFaults = new Map<string, PayoutFault[]>();
  payoutDelayMs = 0;
  onPayoutCall: ((senderBatchId: string, call: 'create' | 'lookup') => Promise<void> | void) | undefined;
  down = false;
  private next = 1;

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Makes the next payout calls about `senderBatchId` misbehave, in this order. */
  fault(senderBatchId: string, ...faults: PayoutFault[]): void {
    this.payoutFaults.set(senderBatchId, [...(this.payoutFaults.get(senderBatchId) ?? []), ...faults]);
  }

  private orderBody(id: string) {
    const order = this.orders.get(id)!;
    const value = order.value === '15.00' ? '15.01' : order.value;
    return {
      id,
      status: 'COMPLETED',
      purchase_units: [
        {
          payments: {
            captures: [
              {
                id: `CAP-${id}`,
                status: order.captureStatus,
                amount: { currency_code: order.currency, value },
              },
            ],
          },
        },
      ],
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const path = req.url ?? '';
    this.calls.push(`${req.method} ${path}`);
    if (this.down) return send(503, { name: 'SERVICE_UNAVAILABLE' });
    if (path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from('client-id:client-secret').toString('base64')}`;
      if (req.headers.authorization !== expected || text !== 'grant_type=client_credentials')
        return send(401, { error: 'invalid_client' });
      return send(200, { access_token: 'TOKEN-1', token_type: 'Bearer', expires_in: 32400 });
    }
    if (req.headers.authorization !== 'Bearer TOKEN-1') return send(401, { name: 'AUTHENTICATION_FAILURE' });
    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      const body = JSON.parse(text);
      this.createdBodies.push(body);
      const id = `PP${String(this.next++).padStart(6, '0')}`;
      const amount = body.purchase_units[0].amount;
      this.orders.set(id, { value: amount.value, currency: amount.currency_code, captured: false });
      return send(201, { id, status: 'CREATED' });
    }
    if (req.method === 'POST' && path === '/v1/payments/payouts')
      return this.createPayout(JSON.parse(text), req, res, send);
    const payoutGet = /^\/v1\/payments\/payouts\/([A-Z0-9-]+)$/.exec(path);
    if (req.method === 'GET' && payoutGet) return this.lookUpPayout(payoutGet[1]!, req, res, send);
    const capture = /^\/v2\/checkout\/orders\/([A-Z0-9]+)\/capture$/.exec(path);
    if (req.method === 'POST' && capture) {
      const order = this.orders.get(capture[1]!);
      if (!order) return send(404, { name: 'RESOURCE_NOT_FOUND' });
      if (order.value === '13.00')
        return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED' }] });
      if (order.captured)
        return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
      order.captured = true;
      order.captureStatus = order.value === '14.00' ? 'PENDING' : 'COMPLETED';
      return send(201, this.orderBody(capture[1]!));
    }
    const get = /^\/v2\/checkout\/orders\/([A-Z0-9]+)$/.exec(path);
    if (req.method === 'GET' && get && this.orders.has(get[1]!)) return send(200, this.orderBody(get[1]!));
    if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const body = JSON.parse(text);
      const genuine =
        body.transmission_sig === 'genuine-signature' &&
        body.webhook_id === 'WH-TEST' &&
        typeof body.webhook_event?.id === 'string';
      return send(200, { verification_status: genuine ? 'SUCCESS' : 'FAILURE' });
    }
    return send(404, { name: 'RESOURCE_NOT_FOUND' });
  }

  private async createPayout(body: PayoutBody, req: IncomingMessage, res: ServerResponse, send: Send) {
    const senderBatchId = body.sender_batch_header.sender_batch_id;
    const item = body.items[0]!;
    const fault = this.takeFault(senderBatchId, 'create');
    if (fault?.when === 'before') return misbehave(fault.answer, req, res, send);
    const requestId = req.headers['paypal-request-id'];
    const first =
      typeof requestId === 'string' && !this.forgetRequestIds ? this.requests.get(requestId) : undefined;
    let answer: { status: number; body: unknown };
    if (first && 'refused' in first) answer = { status: 422, body: first.refused };
    else if (first)
      answer = { status: 201, body: this.batchBody(this.payouts.get(first.senderBatchId)!, false) };
    else if (this.payouts.has(senderBatchId)) {
      const existing = this.payouts.get(senderBatchId)!;
      answer = {
        status: 400,
        body: {
          name: 'USER_BUSINESS_ERROR',
          message: 'User business error.',
          details: [
            {
              field: 'SENDER_BATCH_ID',
              location: 'body',
              issue: 'Batch with given sender_batch_id already exists',
            },
          ],
          links: [
            { href: `${this.url}/v1/payments/payouts/${existing.batchId}`, rel: 'self', method: 'GET' },
          ],
        },
      };
    } else if (item.amount.value === '66.00') {
      const refused = { name: 'INSUFFICIENT_FUNDS', message: 'Sender does not have sufficient funds.' };
      if (typeof requestId === 'string') this.requests.set(requestId, { refused });
      answer = { status: 422, body: refused };
    } else {
      const payout: FakePayout = {
        senderBatchId,
        batchId: `PB${String(this.next++).padStart(6, '0')}`,
        receiver: item.receiver,
        value: item.amount.value,
        currency: item.amount.currency,
        asked: false,
      };
      this.payouts.set(senderBatchId, payout);
      if (typeof requestId === 'string') this.requests.set(requestId, { senderBatchId });
      answer = { status: 201, body: this.batchBody(payout, false) };
    }
    await this.payoutCallDone(senderBatchId, 'create');
    if (fault) return misbehave(fault.answer, req, res, send);
    send(answer.status, answer.body);
  }

  private async lookUpPayout(batchId: string, req: IncomingMessage, res: ServerResponse, send: Send) {
    const found = [...this.payouts.values()].find((p) => p.batchId === batchId);
    if (!found) return send(404, { name: 'RESOURCE_NOT_FOUND' });
    const fault = this.takeFault(found.senderBatchId, 'lookup');
    await this.payoutCallDone(found.senderBatchId, 'lookup');
    if (fault) return misbehave(fault.answer, req, res, send);
    send(200, this.batchBody(found, true));
    found.asked = true;
  }

  /** A batch as PayPal shows it: PENDING until it is first looked up, then paid (or RETURNED at 77.00). */
  private batchBody(payout: FakePayout, withItems: boolean) {
    const done = payout.asked || withItems;
    const header = {
      payout_batch_id: payout.batchId,
      batch_status: done ? 'SUCCESS' : 'PENDING',
      sender_batch_header: { sender_batch_id: payout.senderBatchId },
    };
    if (!withItems) return { batch_header: header };
    const status =
      this.itemStatuses.get(payout.senderBatchId) ?? (payout.value === '77.00' ? 'RETURNED' : 'SUCCESS');
    return { batch_header: header, items: [{ transaction_status: status }] };
  }

  /** The next fault queued for this payout that applies to this kind of call, used up. */
  private takeFault(senderBatchId: string, call: 'create' | 'lookup'): PayoutFault | undefined {
    const queue = this.payoutFaults.get(senderBatchId) ?? [];
    const at = queue.findIndex((fault) => (fault.on ?? call) === call);
    return at < 0 ? undefined : queue.splice(at, 1)[0];
  }

  private async payoutCallDone(senderBatchId: string, call: 'create' | 'lookup'): Promise<void> {
    if (this.payoutDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.payoutDelayMs));
    await this.onPayoutCall?.(senderBatchId, call);
  }
}

type Send = (status: number, body: unknown) => void;

/**
 * How a payout call misbehaves: `before` PayPal acts on it (nothing is paid) or `after` (the payout is
 * made, the answer is lost); lookups ignore `when`. 'hang' never answers (the caller times out),
 * 'reset' drops the connection, 'garbled' answers 201 with a body that is not JSON, 500 is a 500.
 */
export interface PayoutFault {
  /** Which calls it applies to: creations, lookups, or (unset) whichever comes next. */
  readonly on?: 'create' | 'lookup';
  readonly when: 'before' | 'after';
  readonly answer: 'hang' | 'reset' | 'garbled' | 500;
}

async function misbehave(
  answer: PayoutFault['answer'],
  req: IncomingMessage,
  res: ServerResponse,
  send: Send,
): Promise<void> {
  if (answer === 500) return send(500, { name: 'INTERNAL_SERVICE_ERROR' });
  if (answer === 'reset') return void req.socket.destroy();
  if (answer === 'garbled') {
    res.writeHead(201, { 'content-type': 'application/json' });
    return void res.end('{"batch_header": {"payout_batch_id": ');
  }
  await new Promise((resolve) => res.on('close', resolve));
}

/** One payout the fake made (it pays each sender_batch_id once). */
export interface FakePayout {
  readonly senderBatchId: string;
  readonly batchId: string;
  readonly receiver: string;
  readonly value: string;
  readonly currency: string;
  /** Looked up once: from then on the batch shows as processed. */
  asked: boolean;
}

interface PayoutBody {
  sender_batch_header: { sender_batch_id: string };
  items: { receiver: string; amount: { value: string; currency: string } }[];
}
