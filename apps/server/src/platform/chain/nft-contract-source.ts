/**
 * The exchange's own ERC-721 (issue 40): a minimal, readable token written here rather than a library's,
 * which solc-js compiles (platform/nft-contract.ts). Metadata is one URI per token; only the minter fixed
 * at deployment (the chain's hot wallet) mints; everything else is the standard's: ownerOf, balanceOf,
 * approvals, transferFrom and safeTransferFrom (which asks a contract receiver's onERC721Received), the
 * Transfer/Approval/ApprovalForAll events and ERC-165's supportsInterface.
 */
export const EXCHANGE_NFT_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IERC721Receiver {
  function onERC721Received(address operator, address from, uint256 tokenId, bytes calldata data)
    external returns (bytes4);
}

contract ExchangeNFT {
  string public name;
  string public symbol;
  /** The only account that may mint: the exchange's hot wallet. */
  address public immutable minter;

  mapping(uint256 => address) private owners;
  mapping(address => uint256) private balances;
  mapping(uint256 => address) private tokenApprovals;
  mapping(address => mapping(address => bool)) private operatorApprovals;
  mapping(uint256 => string) private uris;

  event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
  event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
  event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

  constructor(string memory name_, string memory symbol_, address minter_) {
    require(minter_ != address(0), "minter is the zero address");
    name = name_;
    symbol = symbol_;
    minter = minter_;
  }

  /** ERC-165, ERC-721 and ERC-721 metadata. */
  function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
    return interfaceId == 0x01ffc9a7 || interfaceId == 0x80ac58cd || interfaceId == 0x5b5e139f;
  }

  function balanceOf(address owner) external view returns (uint256) {
    require(owner != address(0), "zero address");
    return balances[owner];
  }

  function ownerOf(uint256 tokenId) public view returns (address) {
    address owner = owners[tokenId];
    require(owner != address(0), "no such token");
    return owner;
  }

  function tokenURI(uint256 tokenId) external view returns (string memory) {
    ownerOf(tokenId);
    return uris[tokenId];
  }

  function approve(address to, uint256 tokenId) external {
    address owner = ownerOf(tokenId);
    require(msg.sender == owner || operatorApprovals[owner][msg.sender], "not allowed");
    tokenApprovals[tokenId] = to;
    emit Approval(owner, to, tokenId);
  }

  function getApproved(uint256 tokenId) external view returns (address) {
    ownerOf(tokenId);
    return tokenApprovals[tokenId];
  }

  function setApprovalForAll(address operator, bool approved) external {
    operatorApprovals[msg.sender][operator] = approved;
    emit ApprovalForAll(msg.sender, operator, approved);
  }

  function isApprovedForAll(address owner, address operator) external view returns (bool) {
    return operatorApprovals[owner][operator];
  }

  function transferFrom(address from, address to, uint256 tokenId) public {
    address owner = ownerOf(tokenId);
    require(owner == from, "from is not the owner");
    require(to != address(0), "zero address");
    require(
      msg.sender == owner || tokenApprovals[tokenId] == msg.sender || operatorApprovals[owner][msg.sender],
      "not allowed"
    );
    delete tokenApprovals[tokenId];
    balances[from] -= 1;
    balances[to] += 1;
    owners[tokenId] = to;
    emit Transfer(from, to, tokenId);
  }

  function safeTransferFrom(address from, address to, uint256 tokenId) external {
    safeTransferFrom(from, to, tokenId, "");
  }

  function safeTransferFrom(address from, address to, uint256 tokenId, bytes memory data) public {
    transferFrom(from, to, tokenId);
    require(accepts(from, to, tokenId, data), "the receiver does not take ERC-721 tokens");
  }

  function mint(address to, uint256 tokenId, string calldata uri) external {
    require(msg.sender == minter, "only the minter mints");
    require(to != address(0), "zero address");
    require(owners[tokenId] == address(0), "already minted");
    balances[to] += 1;
    owners[tokenId] = to;
    uris[tokenId] = uri;
    emit Transfer(address(0), to, tokenId);
  }

  /** An account without code takes any token; a contract must answer onERC721Received. */
  function accepts(address from, address to, uint256 tokenId, bytes memory data) private returns (bool) {
    if (to.code.length == 0) return true;
    try IERC721Receiver(to).onERC721Received(msg.sender, from, tokenId, data) returns (bytes4 answer) {
      return answer == IERC721Receiver.onERC721Received.selector;
    } catch {
      return false;
    }
  }
}
`;
