import { describe, expect, it } from 'vitest';
import { orderHistoryQuerySchema } from './trading';

describe('the order history query', () => {
  it('filters by one status or by closed (filled or cancelled), and by none when it is missing', () => {
    for (const status of ['open', 'filled', 'cancelled', 'closed'] as const)
      expect(orderHistoryQuerySchema.parse({ status })).toMatchObject({ status, page: 1, limit: 500 });
    expect(orderHistoryQuerySchema.parse({}).status).toBeUndefined();
    expect(orderHistoryQuerySchema.parse({ status: '' }).status).toBeUndefined();
    expect(orderHistoryQuerySchema.safeParse({ status: 'gone' }).success).toBe(false);
  });
});
