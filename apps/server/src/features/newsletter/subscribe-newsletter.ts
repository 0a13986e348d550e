import { newsletterSubscribers } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';

/**
 * Stores an address once. `email` arrives trimmed and lower-cased (the contract does it), so
 * 'Ann@Example.com' and 'ann@example.com' are one subscriber; the unique index settles races.
 */
export async function subscribeNewsletter(
  db: DbOrTx,
  email: string,
): Promise<'subscribed' | 'already_subscribed'> {
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  return inserted.length > 0 ? 'subscribed' : 'already_subscribed';
}
