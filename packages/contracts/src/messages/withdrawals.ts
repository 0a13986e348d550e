/**
 * The texts of withdrawals (issue 38; none are in the spec but 'Coming Soon ...'), spread into the
 * message catalogue (index.ts), where screens and the server read them.
 */
export const withdrawalMessages = {
  // The server's answers
  withdrawalTermsLoaded: 'Withdrawal terms',
  withdrawalRequested: 'We e-mailed you a code: enter it to confirm the withdrawal',
  withdrawalConfirmedForReview: 'Withdrawal confirmed: it is waiting for approval',
  withdrawalConfirmedApproved: 'Withdrawal confirmed and approved: it is on its way',
  withdrawalCancelled: 'Withdrawal cancelled: the amount is back in your wallet',
  withdrawalsLoaded: 'Withdrawals',
  withdrawalApproved: 'Withdrawal approved',
  withdrawalRejected: 'Withdrawal rejected and refunded',
  withdrawalNotFound: 'Withdrawal not found',
  withdrawalNotWithdrawable: 'Withdrawals of this coin are Coming Soon ...',
  withdrawalAmountRequired: 'Please enter withdrawal amount',
  withdrawalAmountInvalid: 'Please enter a valid amount greater than 0',
  withdrawalAmountPrecision: 'Amount can have at most {precision} decimal places',
  withdrawalBelowMinimum: 'The smallest withdrawal is {minimum} {asset}',
  withdrawalTwoFactorRequired: 'Turn on two-factor authentication on the Security page before you withdraw',
  withdrawalCoolDown:
    'For your safety, withdrawals are paused until {until} after a change to your password or two-factor authentication',
  // The pause told up front (issue 45): {until} is a local date and time, {hours} the pause's length.
  withdrawalPauseAhead:
    'Turning two-factor authentication on pauses withdrawals for {hours} hours, until {until}, for your safety.',
  withdrawalsPausedUntil:
    'Withdrawals are paused until {until}, after a recent change to your password or two-factor authentication.',
  withdrawalDailyLimit:
    'This is over your daily withdrawal limit: you can withdraw {left} USD worth more today',
  withdrawalCodeRequired: 'Please enter the code we e-mailed you',
  withdrawalCodeWrong: 'The confirmation code is wrong',
  withdrawalCodeExpired:
    'The confirmation code has expired or was tried too often: cancel this withdrawal and request it again',
  withdrawalNotAwaitingCode: 'This withdrawal is not waiting for a confirmation code',
  withdrawalCannotCancel: 'This withdrawal can no longer be cancelled',
  withdrawalAlreadyDecided: 'This withdrawal was already decided',
  withdrawalBeingSentNoReject:
    'This withdrawal is being sent to PayPal and can no longer be rejected: it ends paid, or refunded if PayPal refuses it',
  withdrawalBeingSentNoCancel:
    'This withdrawal is being sent to PayPal and can no longer be cancelled: it ends paid, or refunded if PayPal refuses it',
  withdrawalReasonRequired: 'Write the reason for the rejection',
  withdrawalNoPaypalEmail: 'Your account has no e-mail address PayPal can pay',
  // Coins on a chain and the address book
  withdrawalChainUnknown: '{asset} cannot be withdrawn on this chain',
  withdrawalChainNotOffered: 'Coins cannot be withdrawn on this chain',
  withdrawalAddressOwn:
    'This is an address of the exchange (a deposit address or our wallet): send to an address of your own',
  withdrawalAddressCoolingDown:
    'This address book entry can be used from {until}: new entries wait a while for your safety',
  withdrawalAddressNotFound: 'Address book entry not found',
  withdrawalAddressOtherChain: 'This address book entry is on another chain',
  withdrawalAddressExists: 'This address is already in your address book',
  withdrawalAddressLabelRequired: 'Give the address a label',
  withdrawalAddressSaved: 'Address saved to your address book',
  withdrawalAddressRemoved: 'Address removed from your address book',
  withdrawalAddressesLoaded: 'Address book',
  withdrawalAddressAddedMailSubject: 'A withdrawal address was added to your account',
  withdrawalAddressAddedMailText:
    'The address {address} on {chain} ("{label}") was added to your address book. It can be used from {until}.\n\nIf this was not you, remove it from your address book and change your password.',
  // Held for an admin: the account's standing failed at confirm, approve or send (issue 43).
  withdrawalHeld: 'Held: {reasons}',
  withdrawalStillHeld:
    'This withdrawal stays held: {reasons}. Reject it, or approve it once the account is fine',
  withdrawalHeld_account_disabled: 'account disabled',
  withdrawalHeld_kyc_required: 'KYC no longer approved',
  withdrawalHeld_two_factor_required: 'two-factor authentication turned off',
  withdrawalHeld_debt_open: 'an open debt',
  withdrawalHeld_password_changed: 'password changed since the request',
  withdrawalHeld_two_factor_changed: 'two-factor authentication changed since the request',
  withdrawalAddressNew:
    'This address is new to your account: add it to your address book first, and send to it once its safety wait ends',
  withdrawalChainFailed: 'The transaction failed on the chain ({reason})',
  hotWalletLoaded: 'Hot wallet',
  chainUnavailable: 'The chain node does not answer: try again in a moment',
  hotWalletShortMailSubject: 'Withdrawals wait: the hot wallet is short of {asset} on {chain}',
  hotWalletShortMailText:
    'The hot wallet {address} on {chain} holds {balance} {asset}, but the approved withdrawals waiting to be sent need {needed} {asset}. They wait until it is funded: send {asset} to it.\n\nWaiting now: {count} withdrawal(s).',
  // Mails
  withdrawalCodeMailSubject: 'Confirm your withdrawal',
  withdrawalCodeMailText:
    'Your code to confirm the withdrawal of {amount} {asset} to {destination} is {code}. It expires in {minutes} minutes.\n\nIf you did not ask for this withdrawal, do not share the code: cancel it in History → Withdrawals and change your password.',
  withdrawalStatusMailSubject: 'Your withdrawal of {amount} {asset}',
  withdrawalApprovedMailText:
    'Your withdrawal of {amount} {asset} to {destination} was approved and is on its way.',
  withdrawalRejectedMailText:
    'Your withdrawal of {amount} {asset} to {destination} was rejected: {reason}\n\nThe amount is back in your wallet.',
  withdrawalCompletedMailText:
    'Your withdrawal of {amount} {asset} to {destination} is complete: {receive} {asset} was sent.',
  withdrawalFailedMailText:
    'Your withdrawal of {amount} {asset} to {destination} failed: {reason}\n\nThe amount is back in your wallet.',
  withdrawalPayoutRefused: 'PayPal refused the payout',
  withdrawalCodeUnused: 'Not confirmed with the e-mailed code in time',
  // The screens
  withdrawTitle: 'Withdraw',
  withdrawTo: 'To your PayPal account',
  withdrawAmountLabel: 'Amount',
  withdrawMax: 'Max',
  withdrawAvailable: 'Available',
  withdrawFee: 'Fee',
  withdrawReceive: 'You will receive',
  withdrawMinimum: 'Minimum',
  withdrawTotpLabel: 'Two-factor code',
  withdrawSubmit: 'Continue',
  withdrawCodeLabel: 'Code from the e-mail',
  withdrawCodeHint: 'We sent a code to {email}. It expires in {minutes} minutes.',
  withdrawConfirm: 'Confirm withdrawal',
  withdrawalsTab: 'Withdrawals',
  withdrawalsEmpty: 'No withdrawals yet',
  withdrawCancel: 'Cancel',
  withdrawCancelConfirm: 'Cancel this withdrawal? The amount goes back to your wallet.',
  withdrawalStatusREQUESTED: 'Awaiting e-mail confirmation',
  withdrawalStatusPENDING_APPROVAL: 'Pending approval',
  withdrawalStatusAPPROVED: 'Approved',
  withdrawalStatusSENDING: 'Sending',
  withdrawalStatusSENT: 'Sent',
  withdrawalStatusCOMPLETED: 'COMPLETED',
  withdrawalStatusFAILED: 'Failed',
  withdrawalStatusREJECTED: 'Rejected',
  withdrawalStatusCANCELLED: 'Cancelled',
  adminWithdrawalsTitle: 'Withdrawals',
  adminWithdrawalApprove: 'Approve',
  adminWithdrawalReject: 'Reject',
  adminWithdrawalApproveConfirm: 'Approve the withdrawal of {amount} {asset} to {destination}?',
  adminWithdrawalRejectConfirm:
    'Reject the withdrawal of {amount} {asset}? The amount goes back to the customer.',
  adminWithdrawalReasonLabel: 'Reason',
  withdrawalFlag_new_address: 'New address',
  withdrawalFlag_recent_deposit: 'Deposit in the last 24 h',
  withdrawalFlag_recent_security_change: 'Recent security change',
  withdrawalFlag_unusual_size: 'Unusual size',
} as const;
