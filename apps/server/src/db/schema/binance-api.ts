import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './columns';

/**
 * What the Binance-compatible API adds to an order placed through it (issue 39): the API key that
 * placed it, the client's own id (newClientOrderId, unique per key, which makes a retried placement
 * answer the first order instead of placing a second) and Binance's type and time in force. A single
 * order's row is written by the order's own batch (trading_write_batch, migration 0081), so the
 * client id is held exactly when the order exists and a refused order holds none. An OCO's legs are
 * still reserved before the list is placed, and a refused list deletes them. An order placed on the
 * web has no row here.
 */
export const apiOrders = pgTable(
  'api_orders',
  {
    orderId: uuid('order_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    keyId: uuid('key_id').notNull(),
    clientOrderId: text('client_order_id').notNull(),
    type: text('type', {
      enum: [
        'LIMIT',
        'LIMIT_MAKER',
        'MARKET',
        'STOP_LOSS',
        'STOP_LOSS_LIMIT',
        'TAKE_PROFIT',
        'TAKE_PROFIT_LIMIT',
      ],
    }).notNull(),
    timeInForce: text('time_in_force', { enum: ['GTC', 'IOC', 'FOK'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_orders_key_client_idx').on(t.keyId, t.clientOrderId),
    // GET /api/v3/order?origClientOrderId= finds the user's order by the client's id.
    index('api_orders_user_client_idx').on(t.userId, t.clientOrderId),
  ],
);

/**
 * An OCO order list placed through the API (issue 48, migration 0076): its legs are order rows sharing
 * orders.order_list_id; this row keeps the client's listClientOrderId (unique per key) and the key.
 * Written before the list as a reservation of the id; a refused placement deletes it.
 */
export const apiOrderLists = pgTable(
  'api_order_lists',
  {
    orderListId: uuid('order_list_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    keyId: uuid('key_id').notNull(),
    listClientOrderId: text('list_client_order_id').notNull(),
    marketId: text('market_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_order_lists_key_client_idx').on(t.keyId, t.listClientOrderId),
    index('api_order_lists_user_client_idx').on(t.userId, t.listClientOrderId),
  ],
);
