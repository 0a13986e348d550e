import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * The built web app as the server sends it: '/' gets index.html (with the landing page's preloads),
 * other app paths get app.html, and hashed assets go out pre-compressed and cached for a year.
 */
let t: TestApp;
let dist: string;
const script = `export const filler = ${JSON.stringify('x'.repeat(4000))};`;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'web-static-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<p>landing</p>');
  writeFileSync(path.join(dist, 'app.html'), '<p>app</p>');
  writeFileSync(path.join(dist, 'assets/entry-abc123.js'), script);
  writeFileSync(path.join(dist, 'assets/entry-abc123.js.br'), brotliCompressSync(script));
  t = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it("answers '/' with index.html and other app paths with app.html", async () => {
    const landing = await t.app.inject({ method: 'GET', url: '/' });
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toBe('<p>landing</p>');
    const dashboard = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).toBe('<p>app</p>');
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(api.statusCode).toBe(404);
  });

  it('sends the brotli copy of an asset to a client that accepts it, cached as immutable', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/entry-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/entry-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['cache-control']).not.toContain('immutable');
  });

  it('opens the landing page without an opener policy only in a tab the person or our own page sent there', async () => {
    const document = (site?: string, url = '/') =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { 'sec-fetch-dest': 'document', ...(site ? { 'sec-fetch-site': site } : {}) },
      });
    const opener = (response: { headers: Record<string, unknown> }) =>
      response.headers['cross-origin-opener-policy'];

    for (const site of ['none', 'same-origin']) {
      const landing = await document(site);
      expect(landing.statusCode).toBe(200);
      expect(opener(landing)).toBeUndefined();
      expect(String(landing.headers.vary)).toContain('sec-fetch-site');
      // Every other security header stays.
      expect(landing.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(opener(await document(site, '/?ref=home'))).toBeUndefined();
      // Any other page, and the API, keep it.
      expect(opener(await document(site, '/login'))).toBe('same-origin');
      expect(opener(await document(site, '/dashboard'))).toBe('same-origin');
    }
    // A visit another site started, or one that says nothing (plain HTTP), keeps it.
    for (const site of ['cross-site', 'same-site', undefined]) {
      const landing = await document(site);
      expect(opener(landing)).toBe('same-origin');
      expect(String(landing.headers.vary)).toContain('sec-fetch-site');
    }
    // Only a document: a script or fetch of '/' keeps it.
    const fetched = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'sec-fetch-dest': 'empty', 'sec-fetch-site': 'same-origin' },
    });
    expect(opener(fetched)).toBe('same-origin');
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nothing-here',
      headers: { 'sec-fetch-dest': 'document', 'sec-fetch-site': 'none' },
    });
    expect(opener(api)).toBe('same-origin');
  });
});
