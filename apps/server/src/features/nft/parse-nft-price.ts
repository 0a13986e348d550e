import { formatMessage, messages as m } from '@exchange/contracts';
import { type AssetCode, getAsset, parseDecimal } from '@exchange/domain';
import { AppError } from '../../platform/errors';

/** A price as typed, in minor units of the coin: more decimals than the coin has, or 0, is refused. */
export function parseNftPrice(text: string, coin: AssetCode): bigint {
  const scale = getAsset(coin).scale;
  const price = parseDecimal(text, scale);
  if (price === null)
    throw new AppError('bad_request', formatMessage(m.nftPricePrecision, { precision: String(scale) }));
  if (price <= 0n) throw new AppError('bad_request', m.nftPriceInvalid);
  return price;
}
