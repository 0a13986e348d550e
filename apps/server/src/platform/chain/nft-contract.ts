import {
  type Account,
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  type Hex,
  http,
  parseAbi,
} from 'viem';
import { EXCHANGE_NFT_SOURCE } from './nft-contract-source';
import { compileSolidity } from './solidity';

/**
 * The exchange's ERC-721 (issue 40, source in nft-contract-source.ts): its interface, its creation code
 * compiled by solc-js once per process, its deployment with the hot wallet as the minter, and the call
 * data the chain sender sends for a mint and for a transfer out.
 */

export const EXCHANGE_NFT_ABI = parseAbi([
  'constructor(string name_, string symbol_, address minter_)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function minter() view returns (address)',
  'function supportsInterface(bytes4 interfaceId) view returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function approve(address to, uint256 tokenId)',
  'function getApproved(uint256 tokenId) view returns (address)',
  'function setApprovalForAll(address operator, bool approved)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
  'function transferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function mint(address to, uint256 tokenId, string uri)',
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)',
  'event ApprovalForAll(address indexed owner, address indexed operator, bool approved)',
]);

export const EXCHANGE_NFT_NAME = 'Exchange NFT';
export const EXCHANGE_NFT_SYMBOL = 'XNFT';

/**
 * The contract's creation code. solc-js takes seconds for it, so the result is kept for the process and
 * in a file of the temporary directory named by the hash of the source and the compiler's version (each
 * test file's worker and each start read it there instead of compiling again).
 */
export function compileExchangeNft(): Hex {
  return compileSolidity('ExchangeNFT', EXCHANGE_NFT_SOURCE);
}

/** Deploys the contract from `account` with `minter` as its only minter; its checksummed address. */
export async function deployExchangeNft(
  rpcUrl: string,
  chain: Chain,
  account: Account,
  minter: Address,
): Promise<Address> {
  const transport = http(rpcUrl);
  const wallet = createWalletClient({ account, chain, transport });
  const client = createPublicClient({ chain, transport });
  const hash = await wallet.deployContract({
    abi: EXCHANGE_NFT_ABI,
    bytecode: compileExchangeNft(),
    args: [EXCHANGE_NFT_NAME, EXCHANGE_NFT_SYMBOL, minter],
  });
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 100 });
  if (receipt.status !== 'success' || !receipt.contractAddress)
    throw new Error('ExchangeNFT was not deployed');
  return getAddress(receipt.contractAddress);
}

/** The call data of a mint of `tokenId` to `to` with its metadata URI. */
export function nftMintData(to: Address, tokenId: bigint, uri: string): Hex {
  return encodeFunctionData({ abi: EXCHANGE_NFT_ABI, functionName: 'mint', args: [to, tokenId, uri] });
}

/** The call data of safeTransferFrom(from, to, tokenId). */
export function nftTransferData(from: Address, to: Address, tokenId: bigint): Hex {
  return encodeFunctionData({
    abi: EXCHANGE_NFT_ABI,
    functionName: 'safeTransferFrom',
    args: [from, to, tokenId],
  });
}
