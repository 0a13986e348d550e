/** What the KYC reviewer reads about a possible duplicate identity (issue 35 item 2). */
export const kycIdentityMessages = {
  kycDuplicateIdentityTitle: 'Possible duplicate identity',
  kycDuplicateIdentityNote:
    'This submission shares identity details with another account. Approving it pays no referral reward unless you confirm it.',
  kycDuplicateIdentityBadge: 'Possible duplicate',
  kycMatchDocumentNumber: 'Document number',
  kycMatchNameDob: 'Name and date of birth',
  kycMatchImage: 'Document image',
  kycMatchFieldsLabel: 'Matched:',
  kycMatchDeletedAccount: 'Deleted account',
  kycMatchOpenSubmission: 'Open their KYC submission',
  kycPayRewardDespiteMatch: 'Pay the referral reward despite the match',
  kycPayRewardFlagInvalid: 'pay_referral_despite_match must be true or false',
} as const;
