import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  { id: uuid('id').primaryKey().defaultRandom(), email: text('email').notNull(), createdAt: createdAt() },
  (t) => [uniqueIndex('newsletter_email_key').on(t.email)],
);
