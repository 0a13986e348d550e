import type { NewsletterSubscribeResponse } from '@exchange/contracts';
import { apiClient } from '../../../lib/api-client';

/** POST /public/newsletter/subscribe. Subscribing twice answers 200, status false, 'You are already subscribed'. */
export function subscribeNewsletter(email: string): Promise<NewsletterSubscribeResponse> {
  return apiClient.post<NewsletterSubscribeResponse>('/public/newsletter/subscribe', { email });
}
