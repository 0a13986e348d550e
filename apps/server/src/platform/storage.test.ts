import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDirectoryStorage, type Storage } from './storage';

let root: string;
let storage: Storage;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'storage-test-'));
  storage = createDirectoryStorage(root);
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('directory storage', () => {
  it('keeps, returns and deletes a file', async () => {
    await storage.put('kyc-doc/abc-123.png', Buffer.from('pixels'), 'image/png');
    expect((await storage.get('kyc-doc/abc-123.png'))?.toString()).toBe('pixels');
    await storage.delete('kyc-doc/abc-123.png');
    expect(await storage.get('kyc-doc/abc-123.png')).toBeNull();
  });

  it.each(['../secret.png', 'kyc-doc/../../x.png', '/etc/passwd', 'kyc-doc/a.svg', 'kyc-doc/a.png/..'])(
    'refuses the key %s',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(/refusing storage key/);
      await expect(storage.get(key)).rejects.toThrow(/refusing storage key/);
    },
  );
});
