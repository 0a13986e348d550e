import { ASSET_CODES, NFT_CHAIN_STATES } from '@exchange/domain';
import { z } from 'zod';
import { decimalString, envelope, page } from './envelope';
import { messages as m } from './messages';
import { pagingSchema } from './paging';
import { walletSchema } from './wallet';

/**
 * The NFT marketplace on the wire (issue 40). The spec names four calls, keeps their payloads "not
 * shown" and answers the list with {content, total}: POST /users/getAllNftMarketPlace, POST
 * /admin/createNft (form data), POST /nftDetailById and POST /updateContentStatus. The rest (buy, My
 * NFTs, list for sale, withdraw, the admin's lists) are ours, in the same style. Prices are decimal
 * strings in the item's coin.
 */

export const NFT_STATUSES = ['ACTIVE', 'HIDDEN'] as const;
export type NftStatusCode = (typeof NFT_STATUSES)[number];

/** The coins an item may be priced in: any asset of the wallet. */
export const NFT_COINS = ASSET_CODES;

export const NFT_NAME_MAX = 80;
export const NFT_DESCRIPTION_MAX = 2000;
export const NFT_PAGE_SIZE = 12;
export const NFT_MAX_LIMIT = 48;
export const NFT_SEARCH_MAX = 100;

const nftIdSchema = z.string({ error: m.nftIdInvalid }).uuid(m.nftIdInvalid);
/** A price as typed: a positive decimal; its precision is checked against the coin on the server. */
const nftPriceSchema = z
  .string({ error: m.nftPriceRequired })
  .trim()
  .min(1, m.nftPriceRequired)
  .regex(/^\d{1,30}(\.\d{1,18})?$/, m.nftPriceInvalid);
const nftCoinSchema = z.enum(NFT_COINS, { error: m.nftCoinRequired });

/**
 * POST /users/getAllNftMarketPlace: the items for sale, newest first by default; `search` matches
 * the name, `coin` keeps one coin's items, and price order sorts within a coin.
 */
export const nftMarketplaceRequestSchema = pagingSchema({
  defaultLimit: NFT_PAGE_SIZE,
  maxLimit: NFT_MAX_LIMIT,
  searchMax: NFT_SEARCH_MAX,
  orderBy: {
    values: { newest: 'newest', oldest: 'oldest', price_asc: 'price_asc', price_desc: 'price_desc' },
    default: 'newest',
  },
  filters: { coin: nftCoinSchema.optional() },
});
export type NftMarketplaceRequest = z.input<typeof nftMarketplaceRequestSchema>;
export type NftMarketplaceQuery = z.output<typeof nftMarketplaceRequestSchema>;

/** POST /nft/myNfts: the caller's own items, newest first. */
export const nftMineRequestSchema = pagingSchema({ defaultLimit: NFT_PAGE_SIZE, maxLimit: NFT_MAX_LIMIT });
export type NftMineQuery = z.output<typeof nftMineRequestSchema>;

/** One item as a card of the grid and of My NFTs. `owner` null: the exchange still owns it. */
export const nftCardSchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string(),
  price: decimalString,
  coin: z.enum(NFT_COINS),
  status: z.enum(NFT_STATUSES),
  listed: z.boolean(),
  /** The owner as others see them (a first name and an initial); the owner's own items say is_mine. */
  owner: z.string().nullable(),
  is_mine: z.boolean(),
  /** Where its token stands: null custodial only, MINTING, MINTED, MINT_FAILED, SENDING, WITHDRAWN. */
  chain_state: z.enum(NFT_CHAIN_STATES).nullable(),
  createdAt: z.string(),
});
export type NftCard = z.infer<typeof nftCardSchema>;
export const nftListResponseSchema = envelope(page(nftCardSchema));
export type NftListResponse = z.infer<typeof nftListResponseSchema>;

/** POST /nftDetailById. */
export const nftIdRequestSchema = z.object({ id: nftIdSchema });
export type NftIdRequest = z.input<typeof nftIdRequestSchema>;

/** One sale of an item's price history. */
export const nftPricePointSchema = z.object({
  price: decimalString,
  coin: z.enum(NFT_COINS),
  createdAt: z.string(),
});
export const nftDetailSchema = nftCardSchema.extend({
  description: z.string(),
  history: z.array(nftPricePointSchema),
  /** The token on a chain once minted (chain, contract, token id, explorer link); null before. */
  token: z
    .object({
      chain: z.string(),
      contract: z.string(),
      token_id: z.string(),
      explorer_url: z.string().nullable(),
    })
    .nullable(),
  /** The owner only: where the token went or goes (SENDING, WITHDRAWN) and the transfer's link. */
  sent_to: z
    .object({ address: z.string(), tx_hash: z.string().nullable(), explorer_url: z.string().nullable() })
    .nullable(),
});
export type NftDetail = z.infer<typeof nftDetailSchema>;
export const nftDetailResponseSchema = envelope(nftDetailSchema);

/** POST /nft/buy: `price` is what the buyer confirmed; a changed price is refused, never charged. */
export const nftBuyRequestSchema = z.object({ id: nftIdSchema, price: nftPriceSchema });
export type NftBuyRequest = z.input<typeof nftBuyRequestSchema>;
export const nftBuyResponseSchema = envelope(z.object({ item: nftDetailSchema, wallet: walletSchema }));
export type NftBuyResponse = z.infer<typeof nftBuyResponseSchema>;

/**
 * POST /nft/sendToWallet: the owner sends a minted item's token to their own address; the second
 * factor is required (as for coin withdrawals), the address is checked by the domain's EIP-55 rule.
 */
export const nftSendOutRequestSchema = z.object({
  id: nftIdSchema,
  address: z.string().trim().max(64),
  totp: z
    .string()
    .trim()
    .regex(/^\d{6}$/)
    .optional(),
  recovery_code: z.string().trim().min(1).max(32).optional(),
});
export type NftSendOutRequest = z.input<typeof nftSendOutRequestSchema>;

/** POST /nft/listForSale: the owner asks `price` in the item's coin. */
export const nftListForSaleRequestSchema = z.object({ id: nftIdSchema, price: nftPriceSchema });
export type NftListForSaleRequest = z.input<typeof nftListForSaleRequestSchema>;
export const nftItemResponseSchema = envelope(nftDetailSchema);
export type NftItemResponse = z.infer<typeof nftItemResponseSchema>;

/** POST /admin/createNft (multipart): these fields beside the file field `image`. */
export const nftCreateFieldsSchema = z.object({
  name: z
    .string({ error: m.nftNameRequired })
    .trim()
    .min(1, m.nftNameRequired)
    .max(NFT_NAME_MAX, m.nftNameTooLong),
  description: z
    .string({ error: m.nftDescriptionRequired })
    .trim()
    .min(1, m.nftDescriptionRequired)
    .max(NFT_DESCRIPTION_MAX, m.nftDescriptionTooLong),
  price: nftPriceSchema,
  coin: nftCoinSchema,
});
export type NftCreateFields = z.input<typeof nftCreateFieldsSchema>;

/** POST /updateContentStatus: an admin shows or hides an item. */
export const nftStatusRequestSchema = z.object({
  id: nftIdSchema,
  status: z.enum(NFT_STATUSES, { error: m.nftStatusRequired }),
});
export type NftStatusRequest = z.input<typeof nftStatusRequestSchema>;

/** POST /admin/nftList and /admin/nftSales: {page, limit, search}, newest first. */
export const nftAdminListRequestSchema = pagingSchema({
  defaultLimit: 10,
  maxLimit: 100,
  searchMax: NFT_SEARCH_MAX,
  // `id`: one item (and its sales), for its own URL (/admin-nft/<id>, issue 46).
  filters: { status: z.enum(NFT_STATUSES).optional(), id: z.uuid().optional() },
});
export type NftAdminListQuery = z.output<typeof nftAdminListRequestSchema>;

export const nftAdminItemSchema = nftCardSchema.extend({
  owner_email: z.string().nullable(),
  sales: z.number().int(),
});
export type NftAdminItem = z.infer<typeof nftAdminItemSchema>;
export const nftAdminListResponseSchema = envelope(page(nftAdminItemSchema));
export type NftAdminListResponse = z.infer<typeof nftAdminListResponseSchema>;

export const nftSaleSchema = z.object({
  _id: z.string(),
  item_id: z.string(),
  item_name: z.string(),
  seller: z.string().nullable(),
  buyer: z.string(),
  price: decimalString,
  fee: decimalString,
  coin: z.enum(NFT_COINS),
  createdAt: z.string(),
});
export type NftSaleRow = z.infer<typeof nftSaleSchema>;
export const nftSalesResponseSchema = envelope(page(nftSaleSchema));
export type NftSalesResponse = z.infer<typeof nftSalesResponseSchema>;
