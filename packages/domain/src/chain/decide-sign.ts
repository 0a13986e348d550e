import { ok, type Result, reject } from '../result';
import type { SignAsk, SignChain, SignFacts, SignOutboxRow, SignOutflow, SignRefusal } from './sign-facts';
import { minorToChainAmount } from './units';

/**
 * What the signer process signs (issue 43, item 5): only a transaction the database shows. The web
 * process (the chain sender) asks for an outbox row's transaction with its nonce, gas and fees; the
 * signer loads the row and the business record behind its purpose ITSELF and this function decides,
 * so a compromised web process cannot make it sign an arbitrary transfer. What it may still choose is
 * the fees, within the fee cap, and the nonce of a row's FIRST signature only: the signer records the
 * nonce of every signature, and a row's later transactions (fee replacements) and cancels must use that
 * one nonce, so one withdrawal cannot be signed at n, n+1, … and paid several times. A different nonce
 * is refused even when the recorded one was used by another transaction: that row ends FAILED through
 * the sender's cancel path anyway. The day's cap counts each signed (row, nonce) once, this row's own
 * earlier signatures included.
 *
 * Refusals are checked in this order: unknown_row, unknown_chain, wrong_chain_id, wrong_key,
 * fee_above_cap; then for a cancel: cancel_differs, too_many_cancels; for a transaction: row_not_open,
 * nonce_differs,
 * transaction_differs, unknown_purpose, no_record, record_not_approved, record_differs, no_cap,
 * above_transaction_cap, above_daily_cap.
 */

const OPEN_AFTER_SIGNING = new Set(['SIGNED', 'BROADCAST']);

function same(a: string | null | undefined, b: string | null | undefined): boolean {
  return (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
}

export function decideSign(ask: SignAsk, facts: SignFacts): Result<SignOutflow, SignRefusal> {
  const { row, chain } = facts;
  if (!row) return reject('unknown_row');
  if (!chain) return reject('unknown_chain');
  if (ask.chainId !== chain.chainId) return reject('wrong_chain_id');
  if (ask.key !== row.fromKey || !same(facts.keyAddress, row.fromAddress)) return reject('wrong_key');
  if (
    ask.gas <= 0n ||
    ask.maxPriorityFeePerGas > ask.maxFeePerGas ||
    ask.gas * ask.maxFeePerGas > facts.maxFeeWei
  )
    return reject('fee_above_cap');
  if (ask.kind === 'cancel') {
    const sendsNothingToItself =
      same(ask.to, row.fromAddress) && ask.value === 0n && (ask.data ?? '0x') === '0x';
    const stillOut = row.nonce !== null && OPEN_AFTER_SIGNING.has(row.status) && ask.nonce === row.nonce;
    // Only at the nonce the signer itself signed this row with, whatever the outbox now says.
    const itsNonce = facts.signedNonce !== null && ask.nonce === facts.signedNonce;
    if (!sendsNothingToItself || !stillOut || !itsNonce) return reject('cancel_differs');
    if (facts.cancelsSigned >= facts.maxCancels) return reject('too_many_cancels');
    return ok({ asset: null, amount: 0n });
  }
  if (row.status !== 'QUEUED' && !OPEN_AFTER_SIGNING.has(row.status)) return reject('row_not_open');
  // A replacement keeps its nonce: only the first signing of a row picks one, and the signer's record
  // of it wins over the outbox's (which the web process could rewrite).
  if (facts.signedNonce !== null && ask.nonce !== facts.signedNonce) return reject('nonce_differs');
  if (row.status !== 'QUEUED' && ask.nonce !== row.nonce) return reject('nonce_differs');
  if (!same(ask.to, row.toAddress) || ask.value !== row.value || !same(ask.data ?? '', row.data ?? ''))
    return reject('transaction_differs');
  const expected = expectedOf(row, chain, facts);
  if (!expected.ok) return expected;
  return withinCaps(expected.value, facts);
}

/** Whether the row is exactly what its record asks for; the outflow it makes from the hot wallet. */
function expectedOf(
  row: SignOutboxRow,
  chain: SignChain,
  facts: SignFacts,
): Result<SignOutflow, SignRefusal> {
  const { record, call } = facts;
  const purposes = ['WITHDRAWAL', 'SWEEP', 'GAS_TOPUP', 'NFT_MINT', 'NFT_TRANSFER'];
  if (!purposes.includes(row.purpose)) return reject('unknown_purpose');
  if (!record) return reject('no_record');
  const hot = row.fromKey === 'hot';
  const tokenOf = (asset: string) => chain.tokens.find((token) => token.asset === asset);
  if (row.purpose === 'WITHDRAWAL') {
    if (record.kind !== 'withdrawal') return reject('no_record');
    if (record.status !== 'SENT') return reject('record_not_approved');
    const token = tokenOf(record.asset);
    if (
      !hot ||
      record.method !== 'chain' ||
      record.chain !== row.chain ||
      !token ||
      record.amount <= record.fee
    )
      return reject('record_differs');
    const units = minorToChainAmount(record.amount - record.fee, token.decimals, token.scale);
    const matches = token.contract
      ? same(row.toAddress, token.contract) &&
        row.value === 0n &&
        call.fn === 'transfer' &&
        same(call.to, record.destination) &&
        call.amount === units
      : same(row.toAddress, record.destination) && row.value === units && call.fn === 'none';
    return matches ? ok({ asset: token.asset, amount: units }) : reject('record_differs');
  }
  if (row.purpose === 'SWEEP' || row.purpose === 'GAS_TOPUP') {
    if (record.kind !== 'sweep') return reject('no_record');
    const wanted = row.purpose === 'SWEEP' ? 'SENDING' : 'TOPPING_UP';
    if (record.status !== wanted) return reject('record_not_approved');
    if (record.chain !== row.chain) return reject('record_differs');
    if (row.purpose === 'GAS_TOPUP') {
      const matches =
        hot && same(row.toAddress, record.address) && row.value === record.gasTopUpRaw && call.fn === 'none';
      const native = chain.tokens.find((token) => token.contract === null);
      return matches && native ? ok({ asset: native.asset, amount: row.value }) : reject('record_differs');
    }
    const token = tokenOf(record.asset);
    const fromItsAddress =
      row.fromKey === `deposit:${record.addressIndex}` && same(row.fromAddress, record.address);
    const intoHot = token?.contract
      ? same(row.toAddress, token.contract) &&
        row.value === 0n &&
        call.fn === 'transfer' &&
        same(call.to, chain.hotAddress) &&
        call.amount === record.amountRaw
      : same(row.toAddress, chain.hotAddress) && row.value === record.amountRaw && call.fn === 'none';
    return token && fromItsAddress && intoHot ? ok({ asset: null, amount: 0n }) : reject('record_differs');
  }
  if (record.kind !== 'nft') return reject('no_record');
  const wanted = row.purpose === 'NFT_MINT' ? 'MINTING' : 'SENDING';
  if (record.chainState !== wanted) return reject('record_not_approved');
  const onContract =
    hot &&
    record.chain === row.chain &&
    chain.nftContract !== null &&
    same(record.contract, chain.nftContract) &&
    same(row.toAddress, chain.nftContract) &&
    row.value === 0n &&
    record.tokenId !== null;
  const matches =
    row.purpose === 'NFT_MINT'
      ? call.fn === 'mint' && same(call.to, chain.hotAddress) && call.tokenId === record.tokenId
      : record.chainReference === row.reference &&
        call.fn === 'safeTransferFrom' &&
        same(call.from, chain.hotAddress) &&
        same(call.to, record.withdrawnTo) &&
        record.withdrawnTo !== null &&
        call.tokenId === record.tokenId;
  return onContract && matches ? ok({ asset: null, amount: 0n }) : reject('record_differs');
}

/** The hot wallet's caps on what one transaction and one day may take out of it. */
function withinCaps(outflow: SignOutflow, facts: SignFacts): Result<SignOutflow, SignRefusal> {
  if (outflow.asset === null) return ok(outflow);
  const cap = facts.caps[outflow.asset];
  if (!cap) return reject('no_cap');
  if (outflow.amount > cap.perTransaction) return reject('above_transaction_cap');
  const before = facts.sentToday[outflow.asset] ?? 0n;
  // A replacement at the row's nonce is the same payment: counted once.
  if (before + (facts.countedToday ? 0n : outflow.amount) > cap.perDay) return reject('above_daily_cap');
  return ok(outflow);
}
