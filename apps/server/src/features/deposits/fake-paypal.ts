import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake PayPal on 127.0.0.1 that behaves like Orders v2 for the cases we care about. The amount picks
 * the buyer's fate: 13.00 is declined, 14.00 stays pending, 15.00 is captured as 15.01 (a mismatch);
 * anything else completes. A second capture of an order answers ORDER_ALREADY_CAPTURED, as PayPal does
 * once the first request id is forgotten.
 *
 * Payouts (withdrawals): a batch is PENDING when created and SUCCESS when asked again; a payout of
 * 66.00 is refused (422 INSUFFICIENT_FUNDS), one of 77.00 ends RETURNED. A repeated sender_batch_id
 * answers the batch it already made, as PayPal's request id makes a retry the same payout.
 */
export class FakePaypal {
  server: Server = createServer((req, res) => void this.handle(req, res));
  url = '';
  orders = new Map<string, { value: string; currency: string; captured: boolean; captureStatus?: string }>();
  calls: string[] = [];
  createdBodies: unknown[] = [];
  payouts = new Map<string, { batchId: string; receiver: string; value: string; currency: string }>();
  down = false;
  private next = 1;

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
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
    if (req.method === 'POST' && path === '/v1/payments/payouts') return this.payout(JSON.parse(text), send);
    const payoutGet = /^\/v1\/payments\/payouts\/([A-Z0-9-]+)$/.exec(path);
    if (req.method === 'GET' && payoutGet) {
      const found = [...this.payouts.values()].find((p) => p.batchId === payoutGet[1]);
      if (!found) return send(404, { name: 'RESOURCE_NOT_FOUND' });
      const status = found.value === '77.00' ? 'RETURNED' : 'SUCCESS';
      return send(200, {
        batch_header: { payout_batch_id: found.batchId, batch_status: 'SUCCESS' },
        items: [{ transaction_status: status }],
      });
    }
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

  private payout(body: PayoutBody, send: (status: number, body: unknown) => void): void {
    const senderBatchId = body.sender_batch_header.sender_batch_id;
    const item = body.items[0]!;
    if (item.amount.value === '66.00') {
      send(422, { name: 'INSUFFICIENT_FUNDS', message: 'Sender does not have sufficient funds.' });
      return;
    }
    let payout = this.payouts.get(senderBatchId);
    if (!payout) {
      payout = {
        batchId: `PB${String(this.next++).padStart(6, '0')}`,
        receiver: item.receiver,
        value: item.amount.value,
        currency: item.amount.currency,
      };
      this.payouts.set(senderBatchId, payout);
    }
    send(201, { batch_header: { payout_batch_id: payout.batchId, batch_status: 'PENDING' } });
  }
}

interface PayoutBody {
  sender_batch_header: { sender_batch_id: string };
  items: { receiver: string; amount: { value: string; currency: string } }[];
}
