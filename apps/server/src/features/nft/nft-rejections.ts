import { messages as m, type RejectionCode } from '@exchange/contracts';
import type {
  NftBuyRejection,
  NftListRejection,
  NftSendRejection,
  NftWithdrawRejection,
} from '@exchange/domain';
import { AppError } from '../../platform/errors';

type NftRejection = NftBuyRejection | NftListRejection | NftWithdrawRejection | NftSendRejection;

/** How the API answers each NFT rule's rejection: the status's code and the catalogue's text. */
const NFT_REJECTIONS: Readonly<Record<NftRejection, { code: RejectionCode; message: string }>> = {
  nft_not_customer: { code: 'forbidden', message: m.nftStaffCannotTrade },
  nft_account_disabled: { code: 'account_disabled', message: m.accountDisabled },
  nft_kyc_required: { code: 'kyc_required', message: m.completeKyc },
  // A hidden item is not on the marketplace: to a customer it is as good as missing.
  nft_hidden: { code: 'not_found', message: m.nftNotFound },
  nft_not_for_sale: { code: 'conflict', message: m.nftSold },
  nft_own_item: { code: 'unprocessable', message: m.nftOwnItem },
  nft_not_owner: { code: 'forbidden', message: m.nftNotOwner },
  nft_already_listed: { code: 'conflict', message: m.nftAlreadyListed },
  nft_price_invalid: { code: 'bad_request', message: m.nftPriceInvalid },
  nft_not_listed: { code: 'conflict', message: m.nftNotListed },
  nft_withdrawn: { code: 'conflict', message: m.nftWithdrawnAlready },
  nft_sending: { code: 'conflict', message: m.nftSending },
  nft_listed_for_sale: { code: 'conflict', message: m.nftListedForSale },
  nft_not_on_chain: { code: 'conflict', message: m.nftNotOnChain },
};

export function nftRuleError(code: NftRejection): AppError {
  const { code: rejection, message } = NFT_REJECTIONS[code];
  return new AppError(rejection, message);
}
