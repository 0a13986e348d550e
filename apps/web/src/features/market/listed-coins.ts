import type { TopMarketItem } from '@exchange/contracts';
import { assetIconPath, CRYPTO_CODES, getAsset } from '@exchange/domain';

/** A coin of the Top Cryptocurrency list without its live figures. */
export type ListedCoin = Pick<TopMarketItem, 'ticker' | 'name' | 'image_url'>;

/**
 * The coins GET /p2p/getTopTenMarket lists, in its order, with the names and icons it gives them
 * (server: list-top-markets.ts), known without asking. The prerendered landing page draws its table
 * and carousel with them and leaves only the prices as placeholders, so when the prices arrive the
 * rows and slides keep their size and place and nothing below them moves.
 */
export const LISTED_COINS: readonly ListedCoin[] = CRYPTO_CODES.map((code) => ({
  ticker: code,
  name: getAsset(code).name,
  image_url: assetIconPath(code),
}));
