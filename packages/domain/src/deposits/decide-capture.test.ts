import { describe, expect, it } from 'vitest';
import { type CaptureReport, decideCapture } from './decide-capture';

const order = { providerOrderId: 'ORDER-1', currency: 'USD' as const, amount: 2_500n };
const completed = (over: Partial<Extract<CaptureReport, { status: 'COMPLETED' }>> = {}): CaptureReport => ({
  status: 'COMPLETED',
  orderId: 'ORDER-1',
  captureId: 'CAP-1',
  currency: 'USD',
  amount: '25.00',
  ...over,
});

describe('decideCapture', () => {
  it('credits a completed capture of exactly our amount, currency and order', () => {
    expect(decideCapture(order, completed())).toEqual({ action: 'credit', captureId: 'CAP-1' });
    expect(decideCapture(order, completed({ amount: '25' }))).toEqual({
      action: 'credit',
      captureId: 'CAP-1',
    });
  });

  it('refuses a capture of another amount, currency or order', () => {
    expect(decideCapture(order, completed({ amount: '25.01' }))).toEqual({
      action: 'mismatch',
      field: 'amount',
    });
    expect(decideCapture(order, completed({ amount: '2500' }))).toEqual({
      action: 'mismatch',
      field: 'amount',
    });
    expect(decideCapture(order, completed({ amount: '25.001' }))).toEqual({
      action: 'mismatch',
      field: 'amount',
    });
    expect(decideCapture(order, completed({ amount: 'lots' }))).toEqual({
      action: 'mismatch',
      field: 'amount',
    });
    expect(decideCapture(order, completed({ currency: 'EUR' }))).toEqual({
      action: 'mismatch',
      field: 'currency',
    });
    expect(decideCapture(order, completed({ orderId: 'ORDER-2' }))).toEqual({
      action: 'mismatch',
      field: 'order_id',
    });
  });

  it('checks the order id before believing any status', () => {
    expect(decideCapture(order, { status: 'DECLINED', orderId: 'ORDER-2' })).toEqual({
      action: 'mismatch',
      field: 'order_id',
    });
  });

  it('passes declined, unapproved and pending payments on without crediting', () => {
    expect(decideCapture(order, { status: 'DECLINED', orderId: 'ORDER-1' })).toEqual({ action: 'decline' });
    expect(decideCapture(order, { status: 'NOT_APPROVED', orderId: 'ORDER-1' })).toEqual({
      action: 'not_approved',
    });
    expect(decideCapture(order, { status: 'PENDING', orderId: 'ORDER-1', captureId: 'CAP-9' })).toEqual({
      action: 'pending',
      captureId: 'CAP-9',
    });
  });
});
