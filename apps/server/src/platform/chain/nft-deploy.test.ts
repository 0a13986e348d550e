import { mnemonicToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { DEV_CHAIN_MNEMONIC } from './chain-config';
import { isDevelopmentAccount, nftDeployPlan } from './nft-deploy';

const HOT = '0x1111111111111111111111111111111111111111';
const ADMIN = '0x2222222222222222222222222222222222222222';
const KEY = `0x${'ab'.repeat(32)}`;
const devAccount = (index: number) => mnemonicToAccount(DEV_CHAIN_MNEMONIC, { addressIndex: index });
const devKey = `0x${Buffer.from(devAccount(0).getHdKey().privateKey!).toString('hex')}`;
const env = { NFT_DEPLOYER_KEY: KEY, CHAIN_RPC_URL: 'https://rpc.example' };

describe('npm run nft:deploy: what it is asked', () => {
  it('deploys from the configured key, the deployer administering the minter role unless --admin names another', () => {
    const asked = nftDeployPlan(['--minter', HOT], env);
    expect(asked).toMatchObject({
      ok: true,
      plan: { kind: 'deploy', rpcUrl: 'https://rpc.example', chainId: null },
    });
    if (!asked.ok || asked.plan.kind !== 'deploy') throw new Error('no plan');
    expect(asked.plan.roles).toEqual({ admin: asked.plan.deployer.address, minter: HOT });
    expect(nftDeployPlan(['--minter', HOT, '--admin', ADMIN], env)).toMatchObject({
      ok: true,
      plan: { roles: { admin: ADMIN, minter: HOT } },
    });
  });

  it('takes the minter from CHAIN_HOT_ADDRESS, and refuses without one, a key or an RPC URL', () => {
    expect(nftDeployPlan([], { ...env, CHAIN_HOT_ADDRESS: HOT })).toMatchObject({
      ok: true,
      plan: { roles: { minter: HOT } },
    });
    const refused = nftDeployPlan([], {});
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.problems.map((problem) => problem.split(':')[0])).toEqual([
      '--minter',
      'NFT_DEPLOYER_KEY',
      'CHAIN_RPC_URL',
    ]);
    expect(nftDeployPlan(['--minter', 'nope'], env)).toMatchObject({ ok: false });
    expect(nftDeployPlan(['--minter', HOT, '--colour', 'red'], env)).toMatchObject({ ok: false });
  });

  it('with --unsigned needs no key but an admin, and prints the creation data only', () => {
    expect(nftDeployPlan(['--unsigned', '--minter', HOT, '--admin', ADMIN], {})).toEqual({
      ok: true,
      plan: { kind: 'unsigned', roles: { admin: ADMIN, minter: HOT } },
    });
    expect(nftDeployPlan(['--unsigned', '--minter', HOT], {})).toMatchObject({ ok: false });
  });

  it('refuses the public development accounts and chain under NODE_ENV=production, and allows them otherwise', () => {
    expect(isDevelopmentAccount(devAccount(19).address)).toBe(true);
    expect(isDevelopmentAccount(HOT)).toBe(false);
    const development = { ...env, NFT_DEPLOYER_KEY: devKey, CHAIN_ID: '31337' };
    expect(nftDeployPlan(['--minter', devAccount(1).address], development).ok).toBe(true);
    const refused = nftDeployPlan(['--minter', devAccount(1).address, '--admin', devAccount(2).address], {
      ...development,
      NODE_ENV: 'production',
    });
    expect(refused).toEqual({
      ok: false,
      problems: [
        '--minter: is a public development account; anyone holds its key',
        '--admin: is a public development account; anyone holds its key',
        'NFT_DEPLOYER_KEY: is a public development account; anyone holds its key',
        'CHAIN_ID: is the development chain',
      ],
    });
    expect(nftDeployPlan(['--minter', HOT], { ...env, NODE_ENV: 'production', CHAIN_ID: '1' }).ok).toBe(true);
  });
});
