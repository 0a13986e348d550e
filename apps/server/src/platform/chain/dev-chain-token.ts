/**
 * The development chain's test USDT: a minimal ERC-20 written here (6 decimals like Tether's), which
 * solc-js compiles when the chain starts. `mint` is open to anyone: it exists on the development chain
 * only, for the faucet and the tests' fresh accounts.
 */
export const TEST_USDT_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract TestUSDT {
  string public constant name = "Test Tether USD";
  string public constant symbol = "USDT";
  uint8 public constant decimals = 6;
  uint256 public totalSupply;
  mapping(address => uint256) public balanceOf;
  mapping(address => mapping(address => uint256)) public allowance;

  event Transfer(address indexed from, address indexed to, uint256 value);
  event Approval(address indexed owner, address indexed spender, uint256 value);

  function mint(address to, uint256 value) external {
    totalSupply += value;
    balanceOf[to] += value;
    emit Transfer(address(0), to, value);
  }

  function transfer(address to, uint256 value) external returns (bool) {
    _move(msg.sender, to, value);
    return true;
  }

  function approve(address spender, uint256 value) external returns (bool) {
    allowance[msg.sender][spender] = value;
    emit Approval(msg.sender, spender, value);
    return true;
  }

  function transferFrom(address from, address to, uint256 value) external returns (bool) {
    uint256 allowed = allowance[from][msg.sender];
    require(allowed >= value, "allowance");
    allowance[from][msg.sender] = allowed - value;
    _move(from, to, value);
    return true;
  }

  function _move(address from, address to, uint256 value) internal {
    require(balanceOf[from] >= value, "balance");
    balanceOf[from] -= value;
    balanceOf[to] += value;
    emit Transfer(from, to, value);
  }
}
`;

/**
 * The development networks' other test tokens (issue 47: USDC and BUSD, and USDT beside the first
 * chain's): the same minimal ERC-20 with its name, symbol and decimals given at deploy, so one
 * compilation serves every coin on every local network (USDC has 6 decimals on Ethereum, 18 on BNB
 * Smart Chain, as the real ones do).
 */
export const TEST_TOKEN_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract TestToken {
  string public name;
  string public symbol;
  uint8 public immutable decimals;
  uint256 public totalSupply;
  mapping(address => uint256) public balanceOf;
  mapping(address => mapping(address => uint256)) public allowance;

  event Transfer(address indexed from, address indexed to, uint256 value);
  event Approval(address indexed owner, address indexed spender, uint256 value);

  constructor(string memory name_, string memory symbol_, uint8 decimals_) {
    name = name_;
    symbol = symbol_;
    decimals = decimals_;
  }

  function mint(address to, uint256 value) external {
    totalSupply += value;
    balanceOf[to] += value;
    emit Transfer(address(0), to, value);
  }

  function transfer(address to, uint256 value) external returns (bool) {
    _move(msg.sender, to, value);
    return true;
  }

  function approve(address spender, uint256 value) external returns (bool) {
    allowance[msg.sender][spender] = value;
    emit Approval(msg.sender, spender, value);
    return true;
  }

  function transferFrom(address from, address to, uint256 value) external returns (bool) {
    uint256 allowed = allowance[from][msg.sender];
    require(allowed >= value, "allowance");
    allowance[from][msg.sender] = allowed - value;
    _move(from, to, value);
    return true;
  }

  function _move(address from, address to, uint256 value) internal {
    require(balanceOf[from] >= value, "balance");
    balanceOf[from] -= value;
    balanceOf[to] += value;
    emit Transfer(from, to, value);
  }
}
`;
