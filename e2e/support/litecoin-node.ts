import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { openFromAccountMenu } from './ui';

/**
 * The e2e server's regtest Litecoin node (issue 47: `npm start` runs one, a block every 5 s) as the LTC
 * flows use it: its RPC (DATA_DIR/dev-litecoin.json names the URL and the "outside" wallet standing for
 * the world's wallets), its hold list (DATA_DIR/dev-litecoin-hold.json: the first payment to a listed
 * address stays out of blocks until it is replaced, see the server's dev-litecoin-hold.ts), and the
 * customer's steps every LTC withdrawal flow begins with.
 */
const dataDir = path.resolve(`data/e2e-${process.env.E2E_PORT ?? '8181'}`);

/** One call to the regtest node (its "outside" wallet when `wallet` is true) over JSON-RPC. */
export async function node<T>(method: string, params: unknown[], wallet = true): Promise<T> {
  const info = JSON.parse(readFileSync(path.join(dataDir, 'dev-litecoin.json'), 'utf8'));
  const url = new URL(info.rpcUrl);
  const auth = Buffer.from(`${url.username}:${url.password}`).toString('base64');
  const response = await fetch(`${url.protocol}//${url.host}${wallet ? `/wallet/${info.wallet}` : '/'}`, {
    method: 'POST',
    headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '1.0', id: 1, method, params }),
  });
  const body = await response.text();
  // Amounts as text, never through a float.
  const parsed = JSON.parse(body.replace(/"(total_amount|amount|value)":\s*(-?[\d.]+)/g, '"$1":"$2"'));
  if (parsed.error) throw new Error(parsed.error.message);
  return parsed.result;
}

/** A decimal LTC amount as a count of litoshis (8 places). */
export function litoshis(text: string): bigint {
  const [whole = '0', fraction = ''] = text.trim().split('.');
  return BigInt(whole) * 100_000_000n + BigInt(fraction.padEnd(8, '0').slice(0, 8));
}

/**
 * Writes one of the development miner's files whole and renames it into place, so the miner, which
 * reads it every fraction of a second, never reads half of it.
 */
function writeWhole(name: string, value: unknown): void {
  const file = path.join(dataDir, name);
  writeFileSync(`${file}.next`, JSON.stringify(value));
  renameSync(`${file}.next`, file);
}

/** The development miner's hold list and pause file (the server's dev-litecoin-hold.ts). */
const HOLD_FILE = 'dev-litecoin-hold.json';
const PAUSE_FILE = 'dev-litecoin-pause.json';

/**
 * Puts `address` on the development miner's hold list: the first transaction paying it stays in the
 * mempool until a replacement (a new txid) pays it. Written whole and renamed into place, so the
 * miner never reads half a list; the other worker's flows list nothing and are not held.
 */
export function holdFirstPaymentTo(address: string): void {
  const file = path.join(dataDir, HOLD_FILE);
  let addresses: string[] = [];
  try {
    addresses = (JSON.parse(readFileSync(file, 'utf8')) as { addresses: string[] }).addresses;
  } catch {
    addresses = [];
  }
  writeWhole(HOLD_FILE, { addresses: [...addresses, address] });
}

/**
 * Pauses the node's block every 5 s (the server's dev-litecoin-hold.ts, at most a minute from now), so
 * a flow can watch a deposit at one confirmation before it mines the rest itself: on a loaded machine
 * the scheduled blocks could otherwise confirm it fully before the page ever showed it PENDING. The
 * flows of the other worker only wait longer for their blocks meanwhile.
 */
export function pauseScheduledBlocks(seconds: number): void {
  writeWhole(PAUSE_FILE, { seconds });
}

/** Ends pauseScheduledBlocks' pause. */
export function resumeScheduledBlocks(): void {
  rmSync(path.join(dataDir, PAUSE_FILE), { force: true });
}

/** Mines `count` blocks now, paying the coinbase to the outside wallet. */
export async function mineNow(count: number): Promise<void> {
  await node('generatetoaddress', [count, await node<string>('getnewaddress', ['', 'bech32'])]);
}

/** 1 LTC in from the outside wallet to the customer's own deposit address, on Wallet, until CREDITED. */
export async function receiveOneLtc(page: Page): Promise<void> {
  await openFromAccountMenu(page, 'Wallet', /\/deposit$/);
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'Deposit crypto' }) });
  await card.getByLabel('Coin').selectOption('LTC');
  const shown = card.getByTestId('deposit-address');
  await expect(shown).toHaveText(/^rltc1q[02-9ac-hj-np-z]{38}$/);
  await node('sendtoaddress', [(await shown.textContent()) ?? '', '1']);
  await mineNow(3);
  const recent = card.getByRole('table', { name: 'Recent deposits' });
  await expect(recent.getByRole('row').filter({ hasText: '1.0000' }).getByText('CREDITED')).toBeVisible({
    timeout: 60_000,
  });
  // The deposit's toasts go before the Withdraw button beneath them is clicked.
  await page.mouse.move(0, 0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 20_000 });
}
