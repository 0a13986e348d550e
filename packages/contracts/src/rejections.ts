import type { QuoteUseRejection } from '@exchange/domain';
import { z } from 'zod';
import { messages } from './messages';

/**
 * Every rejection code the API answers with, its HTTP status and the message used when the rejection
 * brings none of its own (most bring the spec's text for the case). The wire's `code` is one of these,
 * so a client branches on codes, never on message text; a server rejection with a code missing here
 * fails the type check.
 */
export const REJECTIONS = {
  validation_failed: { status: 400, message: 'Invalid request' },
  bad_request: { status: 400, message: 'Invalid request' },
  referral_invalid: { status: 400, message: 'Invalid referral code' },
  current_password_wrong: { status: 400, message: 'Current password is incorrect' },
  webhook_unverified: { status: 400, message: 'Webhook could not be verified' },
  otp_invalid: { status: 400, message: messages.otpRequired },
  otp_expired: { status: 400, message: 'The code has expired' },
  // A missing or wrong second factor on a signed-in request: never 401, which a client reads as
  // 'signed out'. Sign-in's own code step still answers these codes with 401 (second-factor.ts).
  totp_required: { status: 400, message: messages.totpCodeRequired },
  totp_invalid: { status: 403, message: messages.totpCodeWrong },
  totp_replayed: { status: 403, message: messages.totpCodeUsed },
  recovery_code_wrong: { status: 403, message: messages.recoveryCodeWrong },
  // An admin route from a sign-in that did not pass the admin's two-factor.
  totp_session_required: { status: 403, message: messages.totpSessionRequired },
  unauthorized: { status: 401, message: 'Please log in' },
  invalid_credentials: { status: 401, message: 'Invalid email or password' },
  token_invalid: { status: 401, message: 'Please log in again' },
  email_not_verified: { status: 403, message: 'Please verify your e-mail first' },
  account_disabled: { status: 403, message: 'This account is disabled' },
  forbidden: { status: 403, message: 'You do not have access to this' },
  totp_not_enrolled: { status: 403, message: messages.totpRequiredInProduction },
  kyc_required: { status: 403, message: messages.completeKyc },
  // An open debt from a reversed deposit restricts the account (no sends, swaps or sells).
  debt_open: { status: 403, message: messages.debtOpen },
  // Withdrawals need two-factor sign-in on, and wait out a cool-down after a security change.
  two_factor_required: { status: 403, message: messages.withdrawalTwoFactorRequired },
  security_cool_down: { status: 403, message: messages.withdrawalCoolDown },
  // An admin froze the account's withdrawals and send-outs; trading stays on.
  withdrawals_frozen: { status: 403, message: messages.withdrawalsFrozen },
  not_found: { status: 404, message: 'Not found' },
  conflict: { status: 409, message: 'This was changed in the meantime' },
  email_taken: { status: 409, message: 'This e-mail is already registered' },
  idempotency_conflict: { status: 409, message: 'This Idempotency-Key was used for another request' },
  idempotency_in_progress: { status: 409, message: 'The first request with this key is still running' },
  kyc_already_submitted: { status: 409, message: messages.kycAlreadyPending },
  kyc_already_decided: { status: 409, message: messages.kycAlreadyDecided },
  debt_already_settled: { status: 409, message: messages.debtAlreadySettled },
  payload_too_large: { status: 413, message: 'The request is too large' },
  unsupported_image: { status: 415, message: messages.uploadImageType },
  unprocessable: { status: 422, message: 'The request cannot be carried out' },
  // MAX_API_KEYS live keys already (issue 39).
  api_key_limit: { status: 422, message: messages.apiKeyLimit },
  image_damaged: { status: 422, message: messages.uploadImageDamaged },
  image_hidden_content: { status: 422, message: messages.uploadImageHiddenContent },
  insufficient_funds: { status: 422, message: messages.insufficientAmount },
  // A post-only order (Binance's LIMIT_MAKER) whose price reaches the other side (issue 48).
  order_would_take: { status: 422, message: messages.postOnlyWouldTake },
  // A stop whose price the last trade already reached (issue 48; Binance's -2010).
  stop_would_trigger: { status: 422, message: messages.stopWouldTrigger },
  // DEPOSIT_HOLD_DAYS: value of a recent deposit may not leave the exchange yet.
  deposit_on_hold: { status: 422, message: messages.depositOnHold },
  daily_limit: { status: 422, message: messages.withdrawalDailyLimit },
  debt_not_covered: { status: 422, message: messages.debtNotCovered },
  debt_note_required: { status: 422, message: messages.debtNoteRequired },
  payment_declined: { status: 422, message: messages.transactionFailed },
  payment_not_approved: { status: 422, message: messages.transactionFailed },
  payment_failed: { status: 422, message: messages.transactionFailed },
  // The house holds as much of the coin (or is as short of it) as HOUSE_MAX_EXPOSURE_USD allows.
  house_exposure_limit: { status: 422, message: messages.houseExposureLimit },
  // A swap or MULTI quote whose rate moved against the house past SWAP_PRICE_TOLERANCE_BPS: ask anew.
  price_moved: { status: 409, message: messages.swapPriceMoved },
  otp_locked: { status: 429, message: 'Too many wrong codes: request a new one' },
  rate_limited: { status: 429, message: 'Too many requests: please wait a moment' },
  totp_cool_down: { status: 429, message: messages.totpCoolDown },
  internal: { status: 500, message: messages.serverError },
  // The database refused the work for now (deadlock, serialization, timeout): nothing changed, retry.
  db_busy: { status: 503, message: 'The service is busy: nothing was changed, please try again' },
  db_unavailable: { status: 503, message: 'The service is briefly unavailable, please try again' },
  provider_unavailable: { status: 502, message: 'The payment provider is unavailable' },
  price_unavailable: { status: 503, message: messages.rateUnavailable },
  // A chain's node did not answer (the admin's hot wallet view): nothing was changed.
  chain_unavailable: { status: 503, message: messages.chainUnavailable },
  // Every slot for costly work (decoding images) stayed taken for as long as a request may wait.
  server_busy: { status: 503, message: 'The service is busy, please try again in a moment' },
} as const satisfies Record<string, { readonly status: number; readonly message: string }>;

export type RejectionCode = keyof typeof REJECTIONS;
export const REJECTION_CODES = Object.keys(REJECTIONS) as [RejectionCode, ...RejectionCode[]];
export const rejectionCodeSchema = z.enum(REJECTION_CODES);

/** How the API answers each reason a quote cannot be used (instant orders, swaps and MULTI purchases). */
export const QUOTE_USE_REJECTIONS = {
  quote_not_found: { code: 'not_found', message: messages.quoteNotFound },
  quote_mismatch: { code: 'unprocessable', message: messages.quoteMismatch },
  quote_used: { code: 'conflict', message: messages.quoteUsed },
  quote_expired: { code: 'conflict', message: messages.quoteExpired },
} as const satisfies Record<QuoteUseRejection, { readonly code: RejectionCode; readonly message: string }>;
