import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  decodeErrorResult,
  getAddress,
  type Hash,
  type Hex,
  http,
  keccak256,
  parseEther,
  toHex,
  zeroAddress,
  zeroHash,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { devChainDefinition } from './dev-chain';
import { deployExchangeNft, EXCHANGE_NFT_ABI } from './nft-contract';
import { compileSolidity } from './solidity';

// The exchange's ERC-721 as the committed artifact deploys it, on the run's hardhat node: the standard's
// behaviour as OpenZeppelin defines it (approvals, operators, safe transfers to contracts) and our
// roles (only MINTER_ROLE mints; the admin rotates it). Fresh accounts and a fresh contract per file.

const rpcUrl = inject('chainRpcUrl');
const chain = devChainDefinition(rpcUrl);
const client = createPublicClient({ chain, transport: http(rpcUrl) });
const MINTER_ROLE = keccak256(toHex('MINTER_ROLE'));

/** A contract that takes any ERC-721 sent to it safely. */
const ACCEPTING_RECEIVER = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;
contract AcceptingReceiver {
  function onERC721Received(address, address, uint256, bytes calldata) external pure returns (bytes4) {
    return this.onERC721Received.selector;
  }
}
`;
/** A contract that answers onERC721Received with anything but its selector: it does not take tokens. */
const REFUSING_RECEIVER = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;
contract RefusingReceiver {
  function onERC721Received(address, address, uint256, bytes calldata) external pure returns (bytes4) {
    return 0xdeadbeef;
  }
}
`;

async function freshAccount() {
  const account = privateKeyToAccount(generatePrivateKey());
  await client.request({
    method: 'hardhat_setBalance' as never,
    params: [account.address, toHex(parseEther('10'))] as never,
  });
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) });
  return { address: account.address, account, wallet };
}
type Actor = Awaited<ReturnType<typeof freshAccount>>;

const mined = async (hash: Hash) => {
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  expect(receipt.status).toBe('success');
  return receipt;
};

/**
 * The custom error a call reverts with (OpenZeppelin's ERC721*, AccessControl*, our ZeroAddressRole), or
 * 'none'; a deployment's revert comes back as the node's raw data, decoded here against the ABI.
 */
async function refusal(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'none';
  } catch (error) {
    if (!(error instanceof BaseError)) throw error;
    const reverted = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError)
      return reverted.data?.errorName ?? reverted.reason ?? '?';
    // The node's answer to a failed estimate: { data: { message, data: '0x<selector>…' } }.
    let data: Hex | undefined;
    error.walk((cause) => {
      const raw = (cause as { data?: { data?: unknown } }).data?.data;
      if (typeof raw === 'string' && /^0x[0-9a-f]{8}/i.test(raw)) data = raw as Hex;
      return false;
    });
    if (data) return decodeErrorResult({ abi: EXCHANGE_NFT_ABI, data }).errorName;
    throw error;
  }
}

let admin: Actor;
let minter: Actor;
let alice: Actor;
let bob: Actor;
let carol: Actor;
let nft: Address;
let nextTokenId = 1n;

const read = {
  ownerOf: (tokenId: bigint) =>
    client.readContract({ address: nft, abi: EXCHANGE_NFT_ABI, functionName: 'ownerOf', args: [tokenId] }),
  getApproved: (tokenId: bigint) =>
    client.readContract({
      address: nft,
      abi: EXCHANGE_NFT_ABI,
      functionName: 'getApproved',
      args: [tokenId],
    }),
  isApprovedForAll: (owner: Address, operator: Address) =>
    client.readContract({
      address: nft,
      abi: EXCHANGE_NFT_ABI,
      functionName: 'isApprovedForAll',
      args: [owner, operator],
    }),
  hasRole: (role: Hash, account: Address) =>
    client.readContract({
      address: nft,
      abi: EXCHANGE_NFT_ABI,
      functionName: 'hasRole',
      args: [role, account],
    }),
};

const write = (
  by: Actor,
  functionName: 'approve' | 'setApprovalForAll' | 'transferFrom' | 'safeTransferFrom' | 'mint',
  args: readonly unknown[],
) =>
  by.wallet.writeContract({
    address: nft,
    abi: EXCHANGE_NFT_ABI,
    functionName,
    args,
  } as never) as Promise<Hash>;

const mint = (by: Actor, to: Address, tokenId: bigint, uri = `https://nft.example/${tokenId}.png`) =>
  write(by, 'mint', [to, tokenId, uri]);

/** A token minted to `owner` by the minter. */
async function tokenOf(owner: Actor): Promise<bigint> {
  const tokenId = nextTokenId++;
  await mined(await mint(minter, owner.address, tokenId));
  return tokenId;
}

async function deployReceiver(name: string, source: string): Promise<Address> {
  const receipt = await mined(
    await admin.wallet.deployContract({ abi: [], bytecode: compileSolidity(name, source) }),
  );
  return getAddress(receipt.contractAddress!);
}

beforeAll(async () => {
  [admin, minter, alice, bob, carol] = await Promise.all([
    freshAccount(),
    freshAccount(),
    freshAccount(),
    freshAccount(),
    freshAccount(),
  ]);
  nft = await deployExchangeNft(rpcUrl, chain, admin.account, { minter: minter.address });
});

describe('the ERC-721 standard, as OpenZeppelin defines it', () => {
  it('answers ERC-165 for ERC-165, ERC-721, ERC-721 metadata and AccessControl, and nothing else', async () => {
    const supports = (id: `0x${string}`) =>
      client.readContract({
        address: nft,
        abi: EXCHANGE_NFT_ABI,
        functionName: 'supportsInterface',
        args: [id],
      });
    expect(await supports('0x01ffc9a7')).toBe(true);
    expect(await supports('0x80ac58cd')).toBe(true);
    expect(await supports('0x5b5e139f')).toBe(true);
    expect(await supports('0x7965db0b')).toBe(true);
    expect(await supports('0xffffffff')).toBe(false);
    expect(await supports('0x780e9d63')).toBe(false); // ERC-721 enumerable: not ours
  });

  it('names itself, and a minted token has its owner and its URI', async () => {
    expect(await client.readContract({ address: nft, abi: EXCHANGE_NFT_ABI, functionName: 'name' })).toBe(
      'Exchange NFT',
    );
    expect(await client.readContract({ address: nft, abi: EXCHANGE_NFT_ABI, functionName: 'symbol' })).toBe(
      'XNFT',
    );
    const tokenId = await tokenOf(alice);
    expect(await read.ownerOf(tokenId)).toBe(alice.address);
    expect(
      await client.readContract({
        address: nft,
        abi: EXCHANGE_NFT_ABI,
        functionName: 'tokenURI',
        args: [tokenId],
      }),
    ).toBe(`https://nft.example/${tokenId}.png`);
    expect(await refusal(read.ownerOf(999_999n))).toBe('ERC721NonexistentToken');
    expect(await refusal(mint(minter, bob.address, tokenId))).toBe('ERC721InvalidSender');
    expect(await refusal(mint(minter, zeroAddress, nextTokenId++))).toBe('ERC721InvalidReceiver');
  });

  it('approval: the owner approves one account for one token, which may then move it once', async () => {
    const tokenId = await tokenOf(alice);
    expect(await read.getApproved(tokenId)).toBe(zeroAddress);
    expect(await refusal(write(bob, 'approve', [bob.address, tokenId]))).toBe('ERC721InvalidApprover');
    await mined(await write(alice, 'approve', [bob.address, tokenId]));
    expect(await read.getApproved(tokenId)).toBe(bob.address);
    expect(await refusal(write(carol, 'transferFrom', [alice.address, carol.address, tokenId]))).toBe(
      'ERC721InsufficientApproval',
    );
    await mined(await write(bob, 'transferFrom', [alice.address, carol.address, tokenId]));
    expect(await read.ownerOf(tokenId)).toBe(carol.address);
    // A transfer clears the token's approval.
    expect(await read.getApproved(tokenId)).toBe(zeroAddress);
    expect(await refusal(write(bob, 'transferFrom', [carol.address, bob.address, tokenId]))).toBe(
      'ERC721InsufficientApproval',
    );
    expect(await refusal(read.getApproved(999_999n))).toBe('ERC721NonexistentToken');
  });

  it('approval to the zero address clears the approval (OpenZeppelin allows it; it approves nobody)', async () => {
    const tokenId = await tokenOf(alice);
    await mined(await write(alice, 'approve', [bob.address, tokenId]));
    await mined(await write(alice, 'approve', [zeroAddress, tokenId]));
    expect(await read.getApproved(tokenId)).toBe(zeroAddress);
    expect(await refusal(write(bob, 'transferFrom', [alice.address, bob.address, tokenId]))).toBe(
      'ERC721InsufficientApproval',
    );
    expect(await refusal(write(alice, 'transferFrom', [alice.address, zeroAddress, tokenId]))).toBe(
      'ERC721InvalidReceiver',
    );
  });

  it('operators: an operator approved for all moves and approves any of the owner’s tokens, until revoked', async () => {
    const first = await tokenOf(alice);
    const second = await tokenOf(alice);
    expect(await read.isApprovedForAll(alice.address, bob.address)).toBe(false);
    await mined(await write(alice, 'setApprovalForAll', [bob.address, true]));
    expect(await read.isApprovedForAll(alice.address, bob.address)).toBe(true);
    await mined(await write(bob, 'transferFrom', [alice.address, carol.address, first]));
    expect(await read.ownerOf(first)).toBe(carol.address);
    await mined(await write(bob, 'approve', [carol.address, second]));
    expect(await read.getApproved(second)).toBe(carol.address);
    await mined(await write(alice, 'setApprovalForAll', [bob.address, false]));
    expect(await read.isApprovedForAll(alice.address, bob.address)).toBe(false);
    expect(await refusal(write(bob, 'transferFrom', [alice.address, bob.address, second]))).toBe(
      'ERC721InsufficientApproval',
    );
    expect(await refusal(write(alice, 'setApprovalForAll', [zeroAddress, true]))).toBe(
      'ERC721InvalidOperator',
    );
    // The wrong `from` is refused even for the owner.
    expect(await refusal(write(alice, 'transferFrom', [carol.address, bob.address, second]))).toBe(
      'ERC721IncorrectOwner',
    );
  });

  it('safeTransferFrom: a contract that answers onERC721Received takes the token; one that does not is refused', async () => {
    const accepting = await deployReceiver('AcceptingReceiver', ACCEPTING_RECEIVER);
    const refusing = await deployReceiver('RefusingReceiver', REFUSING_RECEIVER);
    const tokenId = await tokenOf(alice);
    await mined(await write(alice, 'safeTransferFrom', [alice.address, accepting, tokenId]));
    expect(await read.ownerOf(tokenId)).toBe(accepting);

    const kept = await tokenOf(alice);
    expect(await refusal(write(alice, 'safeTransferFrom', [alice.address, refusing, kept]))).toBe(
      'ERC721InvalidReceiver',
    );
    // A contract without the hook at all (the token contract itself) is refused the same way.
    expect(await refusal(write(alice, 'safeTransferFrom', [alice.address, nft, kept]))).toBe(
      'ERC721InvalidReceiver',
    );
    expect(await read.ownerOf(kept)).toBe(alice.address);
    // An account without code takes any token.
    await mined(await write(alice, 'safeTransferFrom', [alice.address, bob.address, kept]));
    expect(await read.ownerOf(kept)).toBe(bob.address);
  });
});

describe('the minter role', () => {
  it('only MINTER_ROLE mints: anyone else, the admin included, is refused', async () => {
    expect(await read.hasRole(MINTER_ROLE, minter.address)).toBe(true);
    expect(await read.hasRole(zeroHash, admin.address)).toBe(true);
    expect(await refusal(mint(alice, alice.address, nextTokenId++))).toBe('AccessControlUnauthorizedAccount');
    expect(await refusal(mint(admin, admin.address, nextTokenId++))).toBe('AccessControlUnauthorizedAccount');
  });

  it('is rotated by the admin: granted to a new hot wallet, revoked from the old, which is then refused', async () => {
    const next = await freshAccount();
    const roles = (by: Actor, functionName: 'grantRole' | 'revokeRole', account: Address) =>
      by.wallet.writeContract({
        address: nft,
        abi: EXCHANGE_NFT_ABI,
        functionName,
        args: [MINTER_ROLE, account],
      });
    expect(await refusal(roles(minter, 'grantRole', next.address))).toBe('AccessControlUnauthorizedAccount');
    await mined(await roles(admin, 'grantRole', next.address));
    await mined(await roles(admin, 'revokeRole', minter.address));
    expect(await read.hasRole(MINTER_ROLE, next.address)).toBe(true);
    expect(await read.hasRole(MINTER_ROLE, minter.address)).toBe(false);
    const tokenId = nextTokenId++;
    await mined(await mint(next, alice.address, tokenId));
    expect(await read.ownerOf(tokenId)).toBe(alice.address);
    expect(await refusal(mint(minter, alice.address, nextTokenId++))).toBe(
      'AccessControlUnauthorizedAccount',
    );
    minter = next;
  });

  it('cannot be given to the zero address at deployment', async () => {
    expect(await refusal(deployExchangeNft(rpcUrl, chain, admin.account, { minter: zeroAddress }))).toBe(
      'ZeroAddressRole',
    );
  });
});
