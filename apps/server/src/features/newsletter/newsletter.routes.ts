import {
  messages,
  newsletterSubscribeRequestSchema,
  newsletterSubscribeResponseSchema,
} from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { subscribeNewsletter } from './subscribe-newsletter';

/** Per client address: enough for a person retyping an address, too few for a list-bombing script. */
export const NEWSLETTER_LIMIT_PER_MINUTE = 5;

export function newsletterRoutes(app: ZodApi, ctx: AppContext): void {
  app.post(
    '/public/newsletter/subscribe',
    {
      config: { rateLimit: { max: NEWSLETTER_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        body: newsletterSubscribeRequestSchema,
        response: { 200: newsletterSubscribeResponseSchema },
      },
    },
    async (request) => {
      const outcome = await subscribeNewsletter(ctx.db, request.body.email);
      // Subscribing twice is no error (200, still one row), but not news either: status false, which
      // the spec's client shows as a warning with the message.
      if (outcome === 'already_subscribed')
        return { status: false, message: messages.newsletterAlreadySubscribed };
      return { status: true, message: messages.newsletterSubscribed };
    },
  );
}
