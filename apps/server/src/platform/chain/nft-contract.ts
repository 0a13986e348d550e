import {
  type Account,
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  type Hex,
  http,
  parseAbi,
} from 'viem';
import artifact from './nft-contract-artifact.json';

/**
 * The exchange's ERC-721 (issue 40; OpenZeppelin's since issue 44, source in nft-contract-source.ts):
 * its interface, its creation code from the committed artifact (nft-contract-artifact.json, built by
 * `npm run nft:compile`: the server never needs a compiler), its deployment, and the call data the
 * chain sender sends for a mint and for a transfer out.
 */

/** The contract's whole interface, as the artifact's ABI has it (nft-contract-artifact.test.ts checks). */
export const EXCHANGE_NFT_INTERFACE = [
  'constructor(string name_, string symbol_, address admin, address minter)',
  'error AccessControlBadConfirmation()',
  'error AccessControlUnauthorizedAccount(address account, bytes32 neededRole)',
  'error ERC721IncorrectOwner(address sender, uint256 tokenId, address owner)',
  'error ERC721InsufficientApproval(address operator, uint256 tokenId)',
  'error ERC721InvalidApprover(address approver)',
  'error ERC721InvalidOperator(address operator)',
  'error ERC721InvalidOwner(address owner)',
  'error ERC721InvalidReceiver(address receiver)',
  'error ERC721InvalidSender(address sender)',
  'error ERC721NonexistentToken(uint256 tokenId)',
  'error ZeroAddressRole()',
  'event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)',
  'event ApprovalForAll(address indexed owner, address indexed operator, bool approved)',
  'event BatchMetadataUpdate(uint256 _fromTokenId, uint256 _toTokenId)',
  'event MetadataUpdate(uint256 _tokenId)',
  'event RoleAdminChanged(bytes32 indexed role, bytes32 indexed previousAdminRole, bytes32 indexed newAdminRole)',
  'event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)',
  'event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)',
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'function DEFAULT_ADMIN_ROLE() view returns (bytes32)',
  'function MINTER_ROLE() view returns (bytes32)',
  'function approve(address to, uint256 tokenId)',
  'function balanceOf(address owner) view returns (uint256)',
  'function getApproved(uint256 tokenId) view returns (address)',
  'function getRoleAdmin(bytes32 role) view returns (bytes32)',
  'function grantRole(bytes32 role, address account)',
  'function hasRole(bytes32 role, address account) view returns (bool)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
  'function mint(address to, uint256 tokenId, string uri)',
  'function name() view returns (string)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function renounceRole(bytes32 role, address callerConfirmation)',
  'function revokeRole(bytes32 role, address account)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'function setApprovalForAll(address operator, bool approved)',
  'function supportsInterface(bytes4 interfaceId) view returns (bool)',
  'function symbol() view returns (string)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function transferFrom(address from, address to, uint256 tokenId)',
] as const;

export const EXCHANGE_NFT_ABI = parseAbi(EXCHANGE_NFT_INTERFACE);

export const EXCHANGE_NFT_NAME = 'Exchange NFT';
export const EXCHANGE_NFT_SYMBOL = 'XNFT';

/** The contract's creation code, as compiled into the committed artifact. */
export const EXCHANGE_NFT_BYTECODE = artifact.bytecode as Hex;

/** Who holds the contract's roles: `admin` grants and revokes MINTER_ROLE, which `minter` holds. */
export interface NftRoles {
  readonly admin: Address;
  readonly minter: Address;
}

/** The creation transaction's data: the artifact's bytecode followed by the encoded constructor args. */
export function nftDeployData(roles: NftRoles): Hex {
  return encodeDeployData({
    abi: EXCHANGE_NFT_ABI,
    bytecode: EXCHANGE_NFT_BYTECODE,
    args: [EXCHANGE_NFT_NAME, EXCHANGE_NFT_SYMBOL, roles.admin, roles.minter],
  });
}

/**
 * Deploys the contract from `account` with `roles.minter` minting and `roles.admin` (default: the
 * deployer) administering the minter role; its checksummed address.
 */
export async function deployExchangeNft(
  rpcUrl: string,
  chain: Chain,
  account: Account,
  roles: { readonly admin?: Address; readonly minter: Address },
): Promise<Address> {
  const transport = http(rpcUrl);
  const wallet = createWalletClient({ account, chain, transport });
  const client = createPublicClient({ chain, transport });
  const hash = await wallet.deployContract({
    abi: EXCHANGE_NFT_ABI,
    bytecode: EXCHANGE_NFT_BYTECODE,
    args: [EXCHANGE_NFT_NAME, EXCHANGE_NFT_SYMBOL, roles.admin ?? account.address, roles.minter],
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
