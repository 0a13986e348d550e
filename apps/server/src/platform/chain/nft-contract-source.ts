/**
 * The exchange's ERC-721 (issue 40; on OpenZeppelin since issue 44): OpenZeppelin Contracts' ERC721 with
 * per-token URIs (ERC721URIStorage) and roles (AccessControl). Everything of the standard (ownership,
 * approvals, operators, safe transfers to receivers, ERC-165) is the library's; ours is only the mint
 * the server sends, `mint(to, tokenId, uri)`, open to MINTER_ROLE (the chain's hot wallet), and the
 * roles' holders at deployment. The admin (DEFAULT_ADMIN_ROLE, the deployer's choice) grants and revokes
 * MINTER_ROLE, so a new hot wallet is a grant and a revoke, not a new contract.
 *
 * Compiled by `npm run nft:compile` (scripts/compile-nft.ts) into nft-contract-artifact.json, which the
 * server loads; the pragma is the exact compiler package.json pins.
 */
export const EXCHANGE_NFT_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721URIStorage} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721URIStorage.sol";

contract ExchangeNFT is ERC721URIStorage, AccessControl {
  /** Who may mint: the exchange's hot wallet. The admin grants and revokes it. */
  bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

  /** A role given to the zero address at deployment: nobody could use it. */
  error ZeroAddressRole();

  constructor(string memory name_, string memory symbol_, address admin, address minter) ERC721(name_, symbol_) {
    if (admin == address(0) || minter == address(0)) revert ZeroAddressRole();
    _grantRole(DEFAULT_ADMIN_ROLE, admin);
    _grantRole(MINTER_ROLE, minter);
  }

  /** Mints tokenId to \`to\` with its metadata URI; reverts if the id exists or \`to\` is the zero address. */
  function mint(address to, uint256 tokenId, string calldata uri) external onlyRole(MINTER_ROLE) {
    _mint(to, tokenId);
    _setTokenURI(tokenId, uri);
  }

  function supportsInterface(bytes4 interfaceId)
    public
    view
    override(ERC721URIStorage, AccessControl)
    returns (bool)
  {
    return super.supportsInterface(interfaceId);
  }
}
`;
