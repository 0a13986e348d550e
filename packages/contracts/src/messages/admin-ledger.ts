/**
 * The back office's ledger view, withdrawal queue and four eyes (issue 46; the spec has none of these
 * texts), spread into the message catalogue (index.ts).
 */
export const adminLedgerMessages = {
  // Four eyes on large withdrawals
  withdrawalFirstApproval: 'First approval recorded: a second admin must approve this withdrawal',
  withdrawalSameAdminSecondApproval:
    'You gave this withdrawal its first approval: a second, different admin must approve it',
  withdrawalOwnApproval: 'An admin cannot approve their own withdrawal: another admin must',
  adminWithdrawalApprovals: '{count} of {needed} approvals',
  adminWithdrawalFirstApprovedBy: 'First approval: {admin}, {at}',
  adminWithdrawalDecidedBy: '{action} by {admin}, {at}',
  adminWithdrawalReasonMissing: 'Write the reason for the rejection',
  adminWithdrawalApproveSecondConfirm:
    'Give the second approval to the withdrawal of {amount} {asset} to {destination}? It is sent next.',
} as const;
