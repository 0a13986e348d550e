import { envelope, messages as m } from '@exchange/contracts';
import { z } from 'zod';
import type { ZodApi } from '../../platform/app-context';

const adminAccessResponseSchema = envelope(z.object({ admin: z.literal(true) }));

/**
 * Admin scope: POST /admin/access answers 200 when the caller may use the back office now, or the
 * admin guard's refusal (a customer 403 forbidden; in production an admin without two-factor 403
 * totp_not_enrolled), so the web's admin frame knows before any screen asks for its data.
 */
export function adminAccessRoutes(app: ZodApi): void {
  app.post('/admin/access', { schema: { response: { 200: adminAccessResponseSchema } } }, async () => ({
    status: true,
    message: m.adminBackOfficeOpen,
    data: { admin: true as const },
  }));
}
