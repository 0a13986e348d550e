import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import bitcoinMessage from 'bitcoinjs-message';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { segwitAddressAt } from '../../platform/chain/bitcoin/bitcoin-addresses';
import { type RegtestNode, startRegtestNode } from '../../platform/chain/bitcoin/regtest-node';
import { xpubOfMnemonic } from '../../platform/chain/chain-config';
import { localChainSigner } from '../../platform/chain/local-chain-signer';
import { callSigner, fetchSignerIdentity, remoteChainSigner } from '../../platform/chain/remote-chain-signer';
import { ManualClock } from '../../platform/clock';
import { createLogger } from '../../platform/logger';
import { randomSecret } from '../../platform/secrets';
import { type RunningSigner, startSignerServer } from '../../signer/signer-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { chainTestEnv } from '../../test/test-chain';
import { createTestUser } from '../../test/test-users';
import { watchBitcoinOnce } from '../chain-deposits/bitcoin-watcher';
import { makeReserveReport } from './make-reserve-report';
import { bitcoinAssetProver } from './prove-bitcoin-assets';

/**
 * The Litecoin coins a report proves (issue 49), on a real Litecoin Core node in regtest mode started
 * here: a customer's deposit address and the account's internal (change) address, each balance read
 * from the node's UTXO set at the block the scan names, each address's attestation signed by its own
 * key in the signer process (over its HTTP port) and checked with bitcoinjs-message under Litecoin's
 * message magic, as Electrum-LTC checks it. The scenarios run in order.
 */
const LITECOIN_MAGIC = '\x19Litecoin Signed Message:\n';
const BITCOIN_MAGIC = '\x18Bitcoin Signed Message:\n';
const words = generateMnemonic(wordlist, 256);
const secret = randomSecret();
let node: RegtestNode;
let t: TestApp;
let signer: RunningSigner;

beforeAll(async () => {
  node = await startRegtestNode();
  const litecoin = {
    key: 'litecoin',
    name: 'Litecoin',
    asset: 'LTC',
    rpcUrl: node.rpcUrl,
    confirmations: 3,
    explorerUrl: 'https://litecoin.explorer.example',
    networkPrefix: 'rltc',
    coinType: 1,
    minDeposit: '0.001',
  };
  t = await createTestApp({
    env: chainTestEnv({ CHAIN_MNEMONIC: words, BITCOIN_CHAINS: JSON.stringify([litecoin]) }),
  });
  signer = await startSignerServer(
    {
      db: t.ctx.db,
      clock: new ManualClock(new Date()),
      logger: createLogger('warn'),
      config: { keys: localChainSigner(words), chains: [], embedded: false, maxCancels: 0 } as never,
    },
    { listen: { host: '127.0.0.1', port: 0 }, secret, xpub: xpubOfMnemonic(words) },
  );
}, 120_000);

afterAll(async () => {
  await signer?.close();
  await t?.close();
  await node?.stop();
});

const settings = () => t.ctx.config.bitcoinChains[0]!;

interface AddressProof {
  chain: string;
  asset: string;
  role: string;
  address: string;
  balance: string;
  block_number: string;
  block_hash?: string;
  message: string;
  signature: string;
}

async function publicReport(id: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/reserves/reports/${id}` });
  expect(res.statusCode).toBe(200);
  const report = res.json().data;
  const ltc = (report.address_proofs as AddressProof[]).filter((proof) => proof.chain === 'litecoin');
  const line = report.lines.find((l: { asset: string }) => l.asset === 'LTC');
  return { report, ltc, line };
}

describe('the Litecoin assets of a report', () => {
  let depositAddress: string;
  const change = () => segwitAddressAt(settings().bitcoin!.xpub, 0, 'rltc', 1);

  it('lists each address holding LTC at the scanned block, signed through the signer process', async () => {
    const customer = await createTestUser(t, { kyc: true });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/deposit-address',
      headers: customer.headers,
      payload: { asset: 'LTC', chain: 'litecoin' },
    });
    depositAddress = asked.json().data.address;
    // An empty customer's address holds nothing and is left out.
    const idle = await createTestUser(t, { kyc: true });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/deposit-address',
      headers: idle.headers,
      payload: { asset: 'LTC', chain: 'litecoin' },
    });
    const watch = () =>
      watchBitcoinOnce(
        {
          db: t.ctx.db,
          logger: t.ctx.logger,
          chains: [...t.ctx.config.chains, ...t.ctx.config.bitcoinChains],
        },
        settings(),
        node.rpc,
      );
    await watch();
    await node.outside.call('sendtoaddress', [depositAddress, '1.5']);
    // The internal address withdrawal batches send their change to (the hot wallet's coins).
    await node.outside.call('sendtoaddress', [change(), '0.25']);
    await node.mine(3);
    await watch();
    await watch();

    const endpoint = { url: signer.url, secret };
    const remote = remoteChainSigner(endpoint, await fetchSignerIdentity(endpoint), () => {
      throw new Error('not needed');
    });
    const prover = bitcoinAssetProver({ db: t.ctx.db, logger: t.ctx.logger, signer: remote });
    const row = await makeReserveReport(t.ctx, { byFamily: { bitcoin: prover } }, { trigger: 'SCHEDULE' });
    const { ltc, line } = await publicReport(row.id);

    const height = String(await node.rpc.call<number>('getblockcount'));
    const best = await node.rpc.call<string>('getbestblockhash');
    expect(
      ltc
        .map(({ role, address, balance }) => ({ role, address, balance }))
        .sort((a, b) => a.role.localeCompare(b.role)),
    ).toEqual([
      { role: 'deposit', address: depositAddress, balance: '1.50000000' },
      { role: 'hot', address: change(), balance: '0.25000000' },
    ]);
    for (const proof of ltc) {
      expect(proof).toMatchObject({ asset: 'LTC', block_number: height, block_hash: best });
      expect(proof.message).toBe(
        `Proof of reserves\nReport: ${row.id}\nAddress: ${proof.address}\nThis address is controlled by the exchange; its coins back customer balances.`,
      );
      expect(bitcoinMessage.verify(proof.message, proof.address, proof.signature, LITECOIN_MAGIC)).toBe(true);
      // Bound to Litecoin's magic, the address and the words: any change fails.
      expect(bitcoinMessage.verify(proof.message, proof.address, proof.signature, BITCOIN_MAGIC)).toBe(false);
      expect(bitcoinMessage.verify(`${proof.message} `, proof.address, proof.signature, LITECOIN_MAGIC)).toBe(
        false,
      );
    }
    expect(bitcoinMessage.verify(ltc[0]!.message, ltc[1]!.address, ltc[0]!.signature, LITECOIN_MAGIC)).toBe(
      false,
    );
    // 1.5 LTC owed (the credited deposit), 1.75 LTC proven: the ratio is cut to four places.
    expect(line).toEqual({
      asset: 'LTC',
      liabilities: '1.50000000',
      assets: '1.75000000',
      ratio: '1.1666',
      source: 'chain',
    });
  });

  it("is in the admin's report too, signed by the app's own signer", async () => {
    const admin = await createTestUser(t, { role: 'ADMIN' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/reserves/reports',
      headers: admin.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    const { ltc, line } = await publicReport(res.json().data._id);
    expect(ltc.map((proof) => proof.address).sort()).toEqual([depositAddress, change()].sort());
    for (const proof of ltc)
      expect(bitcoinMessage.verify(proof.message, proof.address, proof.signature, LITECOIN_MAGIC)).toBe(true);
    expect(line.ratio).toBe('1.1666');
  });

  it('lists a configured cold wallet with its balance at the same block and no signature', async () => {
    // An address of the node's outside wallet stands for the cold wallet: its key is not the exchange's.
    const cold = await node.outside.call<string>('getnewaddress', ['', 'bech32']);
    await node.outside.call('sendtoaddress', [cold, '0.12345678']);
    await node.mine(1);
    const prover = bitcoinAssetProver({
      db: t.ctx.db,
      logger: t.ctx.logger,
      signer: t.ctx.config.chainSigner,
      coldWallets: new Map([['litecoin', cold]]),
    });
    const proofs = await prover(settings(), '3f0c1f7e-8f7a-4c4e-9d55-0b6b2f1c9a11');
    const coldProof = proofs.find((proof) => proof.role === 'cold');
    const height = BigInt(await node.rpc.call<number>('getblockcount'));
    // 12,345,678 litoshis, in the ledger's minor units of LTC (eight places, the same as litoshis).
    expect(coldProof).toMatchObject({ address: cold, balance: 12_345_678n, attestation: null });
    for (const proof of proofs) expect(proof.blockNumber).toBe(height);

    const row = await makeReserveReport(t.ctx, { byFamily: { bitcoin: prover } }, { trigger: 'SCHEDULE' });
    const { ltc, line } = await publicReport(row.id);
    expect(ltc.find((proof) => proof.role === 'cold')).toMatchObject({
      address: cold,
      balance: '0.12345678',
      signature: null,
    });
    // The totals count the cold coins: 1.75 LTC before, 1.87345678 now, against the same 1.5 LTC owed.
    expect(line).toMatchObject({ assets: '1.87345678', liabilities: '1.50000000', ratio: '1.2489' });
  });
});

describe("the signer's Bitcoin-family attestation", () => {
  const reportId = '3f0c1f7e-8f7a-4c4e-9d55-0b6b2f1c9a10';
  const endpoint = () => ({ url: signer.url, secret });

  it("signs only its fixed text for its own key's address, never a caller's words", async () => {
    const sneaky = await callSigner(endpoint(), 'POST', '/sign-reserves-bitcoin', {
      coin_type: 1,
      network_prefix: 'rltc',
      change: 0,
      index: 4,
      report_id: reportId,
      message: 'I owe you everything',
    });
    expect(sneaky.status).toBe(200);
    const { address, message, signature } = sneaky.json as Record<string, string>;
    expect(address).toBe(segwitAddressAt(settings().bitcoin!.xpub, 4, 'rltc'));
    expect(message).not.toContain('I owe you');
    expect(bitcoinMessage.verify(message!, address!, signature!, LITECOIN_MAGIC)).toBe(true);
    for (const bad of [
      { coin_type: 1, network_prefix: 'xx', change: 0, index: 1, report_id: reportId },
      { coin_type: 1, network_prefix: 'rltc', change: 2, index: 1, report_id: reportId },
      { coin_type: 1, network_prefix: 'rltc', change: 0, index: -1, report_id: reportId },
      { coin_type: 1, network_prefix: 'rltc', change: 0, index: 1, report_id: 'send 1 LTC' },
    ])
      expect((await callSigner(endpoint(), 'POST', '/sign-reserves-bitcoin', bad)).status).toBe(400);
    const forged = { url: signer.url, secret: randomSecret() };
    const unsigned = await callSigner(forged, 'POST', '/sign-reserves-bitcoin', {
      coin_type: 1,
      network_prefix: 'rltc',
      change: 0,
      index: 4,
      report_id: reportId,
    });
    expect(unsigned.status).toBe(401);
  });
});
