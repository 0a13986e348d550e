/**
 * The assets the product knows: USD (fiat), the ten supported coins of the spec, Litecoin (issue 47) and MULTI, the
 * platform coin. `scale` is the number of decimal places of one minor unit in the ledger.
 */
export const CRYPTO_CODES = [
  'BTC',
  'BNB',
  'ETH',
  'USDT',
  'USDC',
  'XRP',
  'ADA',
  'MATIC',
  'DOT',
  'BUSD',
  'LTC',
] as const;
export const ASSET_CODES = ['USD', ...CRYPTO_CODES, 'MULTI'] as const;

export type CryptoCode = (typeof CRYPTO_CODES)[number];
export type AssetCode = (typeof ASSET_CODES)[number];
export type AssetType = 'FIAT' | 'CRYPTO';

export interface Asset {
  readonly code: AssetCode;
  readonly name: string;
  readonly type: AssetType;
  readonly scale: number;
  /** Display order in wallet tables. */
  readonly sortOrder: number;
}

export const ASSETS: readonly Asset[] = [
  { code: 'USD', name: 'US Dollar', type: 'FIAT', scale: 2, sortOrder: 0 },
  { code: 'BTC', name: 'Bitcoin', type: 'CRYPTO', scale: 8, sortOrder: 1 },
  { code: 'BNB', name: 'BNB', type: 'CRYPTO', scale: 8, sortOrder: 2 },
  { code: 'ETH', name: 'Ethereum', type: 'CRYPTO', scale: 8, sortOrder: 3 },
  { code: 'USDT', name: 'Tether', type: 'CRYPTO', scale: 8, sortOrder: 4 },
  { code: 'USDC', name: 'USD Coin', type: 'CRYPTO', scale: 8, sortOrder: 5 },
  { code: 'XRP', name: 'XRP', type: 'CRYPTO', scale: 6, sortOrder: 6 },
  { code: 'ADA', name: 'Cardano', type: 'CRYPTO', scale: 6, sortOrder: 7 },
  { code: 'MATIC', name: 'Polygon', type: 'CRYPTO', scale: 8, sortOrder: 8 },
  { code: 'DOT', name: 'Polkadot', type: 'CRYPTO', scale: 8, sortOrder: 9 },
  { code: 'BUSD', name: 'Binance USD', type: 'CRYPTO', scale: 8, sortOrder: 10 },
  { code: 'LTC', name: 'Litecoin', type: 'CRYPTO', scale: 8, sortOrder: 11 },
  { code: 'MULTI', name: 'Multi Coin', type: 'CRYPTO', scale: 8, sortOrder: 12 },
];

const byCode = new Map<string, Asset>(ASSETS.map((asset) => [asset.code, asset]));

export function isAssetCode(code: string): code is AssetCode {
  return byCode.has(code);
}

export function getAsset(code: AssetCode): Asset {
  const asset = byCode.get(code);
  if (!asset) throw new Error(`unknown asset ${code}`);
  return asset;
}

/** Icons ship with the web app under /coins/<code>.svg; no external image URLs. */
export function assetIconPath(code: AssetCode): string {
  return `/coins/${code.toLowerCase()}.svg`;
}
