import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { ZodApi } from './app-context';
import { registerNotFoundHandler } from './errors';

/**
 * The built web app on the API's port (`webDist`, apps/web/dist): its files, and for any other non-API
 * path the SPA's page; without a build, unknown paths answer the API's 404.
 */
export async function registerWebApp(app: ZodApi, webDist: string): Promise<void> {
  const serveWeb = existsSync(webDist);
  // The build writes .br and .gz copies of its text files (apps/web/compress-assets.ts), sent to
  // clients that accept them. Files under /assets/ carry a content hash in their name, so they never
  // change and are cached for a year; index.html and the public files are revalidated on every visit.
  if (serveWeb)
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        if (path.relative(webDist, filePath).startsWith(`assets${path.sep}`))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  // '/' gets index.html, which preloads the landing page's chunks; every other page of the app gets
  // app.html, the same page without them (a build older than that split has only index.html).
  const spaPage = existsSync(path.join(webDist, 'app.html')) ? 'app.html' : 'index.html';
  registerNotFoundHandler(app, serveWeb ? spaPage : null);
}
