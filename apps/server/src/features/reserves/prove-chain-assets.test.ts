import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { recoverMessageAddress, verifyMessage } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainDepositAddresses } from '../../db/schema';
import { xpubOfMnemonic } from '../../platform/chain/chain-config';
import { depositAddressAt } from '../../platform/chain/evm/hd-addresses';
import { localChainSigner } from '../../platform/chain/local-chain-signer';
import { callSigner, fetchSignerIdentity, remoteChainSigner } from '../../platform/chain/remote-chain-signer';
import { ManualClock } from '../../platform/clock';
import { createLogger } from '../../platform/logger';
import { randomSecret } from '../../platform/secrets';
import { type RunningSigner, startSignerServer } from '../../signer/signer-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { chainTestEnv, fundChainAddress } from '../../test/test-chain';
import { createTestUser } from '../../test/test-users';

/**
 * The coins a report proves (issue 49): on the run's test chain, the hot wallet's balances at the
 * report's block, each address's attestation signed through the signer and checked with viem; and the
 * signer process's own endpoint, which signs that one fixed text and nothing a caller writes.
 */
const words = generateMnemonic(wordlist, 256);
let t: TestApp;
let signer: RunningSigner;
const secret = randomSecret();

beforeAll(async () => {
  t = await createTestApp({ env: chainTestEnv({ CHAIN_MNEMONIC: words }) });
  signer = await startSignerServer(
    {
      db: t.ctx.db,
      clock: new ManualClock(new Date()),
      logger: createLogger('warn'),
      config: { keys: localChainSigner(words), chains: [], embedded: false, maxCancels: 0 } as never,
    },
    { listen: { host: '127.0.0.1', port: 0 }, secret, xpub: xpubOfMnemonic(words) },
  );
});
afterAll(async () => {
  await signer.close();
  await t.close();
});

describe('the assets of a report', () => {
  it("list the hot wallet's and deposit addresses' coins at one block, each signed by its key (checked with viem)", async () => {
    const admin = await createTestUser(t, { role: 'ADMIN' });
    // Two customers' deposit addresses: one holds 0.5 ETH, the other nothing (left out of the report).
    const chain = t.ctx.config.chains[0]!.key;
    const [holder, empty] = [await createTestUser(t), await createTestUser(t)];
    const funded = depositAddressAt(xpubOfMnemonic(words), 7);
    await t.ctx.db.insert(chainDepositAddresses).values([
      { userId: holder.id, chain, addressIndex: 7, address: funded },
      { userId: empty.id, chain, addressIndex: 8, address: depositAddressAt(xpubOfMnemonic(words), 8) },
    ]);
    await fundChainAddress(funded, { eth: '0.5', usdt: 0n });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/reserves/reports',
      headers: admin.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    const report = res.json().data;
    const hot = report.address_proofs.filter((proof: { role: string }) => proof.role === 'hot');
    expect(hot.map((proof: { asset: string }) => proof.asset).sort()).toEqual(['ETH', 'USDT']);
    expect(new Set(hot.map((proof: { block_number: string }) => proof.block_number)).size).toBe(1);
    for (const proof of hot) {
      expect(proof.message).toContain(`Report: ${report._id}`);
      expect(proof.message).toContain(`Address: ${proof.address}`);
      expect(proof.explorer_url).toBe(`https://explorer.example/address/${proof.address}`);
      expect(
        await verifyMessage({ address: proof.address, message: proof.message, signature: proof.signature }),
      ).toBe(true);
    }
    const deposits = report.address_proofs.filter((proof: { role: string }) => proof.role === 'deposit');
    expect(deposits).toHaveLength(1);
    expect(deposits[0]).toMatchObject({ address: funded, asset: 'ETH', balance: '0.50000000' });
    expect(
      await verifyMessage({
        address: funded,
        message: deposits[0].message,
        signature: deposits[0].signature,
      }),
    ).toBe(true);
    const eth = report.lines.find((line: { asset: string }) => line.asset === 'ETH');
    expect(eth.source).toBe('chain');
    expect(Number.parseInt(eth.assets, 10)).toBeGreaterThanOrEqual(100);
  });
});

describe("the signer's proof-of-reserves operation", () => {
  const reportId = '3f0c1f7e-8f7a-4c4e-9d55-0b6b2f1c9a10';

  it('signs the fixed attestation of a report with the named key, as the remote port asks it', async () => {
    const endpoint = { url: signer.url, secret };
    const identity = await fetchSignerIdentity(endpoint);
    const remote = remoteChainSigner(endpoint, identity, () => {
      throw new Error('not needed');
    });
    const signed = await remote.signReservesAttestation!({ kind: 'hot' }, reportId);
    expect(signed.address).toBe(identity.hot_address);
    expect(await recoverMessageAddress({ message: signed.message, signature: signed.signature })).toBe(
      signed.address,
    );
  });

  it("never signs a caller's own words: a message in the request is ignored, a bad report id refused", async () => {
    const endpoint = { url: signer.url, secret };
    const sneaky = await callSigner(endpoint, 'POST', '/sign-reserves', {
      key: 'deposit:3',
      report_id: reportId,
      message: 'I owe you everything',
    });
    expect(sneaky.status).toBe(200);
    expect(sneaky.json.message).not.toContain('I owe you');
    expect(sneaky.json.message).toContain(`Report: ${reportId}`);
    const bad = await callSigner(endpoint, 'POST', '/sign-reserves', {
      key: 'hot',
      report_id: 'transfer 1 ETH',
    });
    expect(bad.status).toBe(400);
    const unsigned = await callSigner({ url: signer.url, secret: randomSecret() }, 'POST', '/sign-reserves', {
      key: 'hot',
      report_id: reportId,
    });
    expect(unsigned.status).toBe(401);
  });
});
