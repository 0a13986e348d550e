/**
 * The texts of API keys (the Security page's "API keys" section and its answers), spread into the
 * message catalogue (index.ts). `{name}` marks a value filled in where the text is used.
 */
export const apiKeyMessages = {
  apiKeysTitle: 'API keys',
  apiKeysIntro:
    'Keys let your own programs and trading bots use the exchange through its Binance-compatible API. A key can read your account, or read and trade; no key can withdraw.',
  apiKeysLoaded: 'API keys',
  apiKeysEmpty: 'You have no API keys.',
  apiKeyCreate: 'Create API key',
  apiKeyCreated: 'The API key was created',
  apiKeyRevoked: 'The API key was revoked',
  apiKeyNotFound: 'This API key was not found or has already been revoked',
  apiKeyLimit: 'You have {max} API keys, the most an account may have: revoke one first',
  apiKeyTradeNeedsKyc: 'Complete your KYC before creating a key that can trade',
  apiKeyLabel: 'Label',
  apiKeyLabelPlaceholder: 'e.g. My trading bot',
  apiKeyLabelRequired: 'Please enter a label',
  apiKeyLabelTooLong: 'A label has at most {max} characters',
  apiKeyPermissions: 'Permissions',
  apiKeyPermissionRead: 'Read',
  apiKeyPermissionReadTrade: 'Read and trade',
  apiKeyPermissionsInvalid: 'Choose read, or read and trade',
  apiKeyIpAllowList: 'IP allow-list (optional)',
  apiKeyIpAllowListHint:
    'Addresses or ranges (CIDR) the key may be used from, separated by commas or spaces. Empty: any address.',
  apiKeyIpInvalid: 'Enter IPv4 or IPv6 addresses or CIDR ranges, such as 203.0.113.7 or 2001:db8::/32',
  apiKeyIpTooMany: 'An allow-list holds at most {max} entries',
  apiKeyAnyIp: 'Any address',
  apiKeyIps: 'IP allow-list',
  apiKeyTwoFactorCode: 'Two-factor code',
  apiKeyKey: 'API key',
  apiKeySecret: 'Secret key',
  apiKeySecretOnce:
    'Copy the secret key now and keep it safe: it is shown only this once. Anyone with the key and its secret can use your account through the API.',
  apiKeyCopy: 'Copy',
  apiKeyCopied: 'Copied',
  apiKeyDone: 'Done',
  apiKeyCancel: 'Cancel',
  apiKeyCreatedAt: 'Created',
  apiKeyLastUsed: 'Last used',
  apiKeyNeverUsed: 'Never',
  apiKeyRevoke: 'Revoke',
  apiKeyRevokeConfirm:
    'Revoke the API key "{label}"? Programs using it will be refused from their next request.',
  apiKeysLoadFailed: 'The API keys could not be loaded.',
  securityChangeApiKeyCreated: 'A new API key was created for programs to use your account',
} as const;
