import { type AssetCode, assert } from '@exchange/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/app-context';
import type { JobSlots } from '../../platform/job-slots';
import { recordAdminAction } from '../audit/record-admin-action';
import { storeImage } from '../uploads/store-image';
import { admitUpload, chargeUpload } from '../uploads/upload-allowance';
import { findUpload } from '../uploads/uploads.repository';
import { enqueueNftMint } from './mint-nft';
import { insertNftItem } from './nft.repository';
import { nftChainOf } from './nft-chain';
import { parseNftPrice } from './parse-nft-price';
import { readNftForm } from './read-nft-form';

/**
 * POST /admin/createNft: an admin puts a new item on the marketplace, owned by the house and for sale
 * at its price. The form is read and checked whole first (readNftForm, then the price against the
 * coin's decimals); the image goes through the upload pipeline (the admin's upload allowance, sharp's
 * decode and re-encode, stored under a random name); then the item and its audit line are written in
 * one transaction, with the token's mint put in the chain sender's outbox when an NFT contract is
 * configured (mint-nft.ts).
 */
export async function createNft(
  ctx: AppContext,
  imageJobs: JobSlots,
  adminId: string,
  request: FastifyRequest,
): Promise<string> {
  await admitUpload(ctx, adminId);
  const { fields, image } = await readNftForm(request);
  const coin = fields.coin as AssetCode;
  const price = parseNftPrice(fields.price, coin);
  await chargeUpload(ctx, adminId, image.length);
  const { filename } = await storeImage(ctx, imageJobs, adminId, 'NFT_IMAGE', image);
  const upload = await findUpload(ctx.db, 'NFT_IMAGE', filename);
  assert(upload, 'a stored image has its upload row');
  return ctx.db.transaction(async (tx) => {
    const id = await insertNftItem(tx, {
      name: fields.name,
      description: fields.description,
      imageUploadId: upload.id,
      asset: coin,
      price,
      createdBy: adminId,
    });
    await recordAdminAction(tx, {
      adminId,
      action: 'NFT_CREATED',
      details: { item: id, name: fields.name, price: fields.price, coin },
    });
    const nft = nftChainOf(ctx.config, ctx.chainSender);
    if (nft) await enqueueNftMint(tx, nft, { id, imageFilename: filename }, ctx.config.nftPublicUrl);
    return id;
  });
}
