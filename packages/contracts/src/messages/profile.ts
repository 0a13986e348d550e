/** Referrals and the profile. Part of the message catalogue (index.ts). */
export const profileMessages = {
  // Referrals
  referralSummaryLoaded: 'Referral summary',
  referralListLoaded: 'Referral list',
  copy: 'Copy',
  copied: 'Copied',

  // Profile
  profileNameLetters: 'Name accepts letters only',
  profilePhoneMax: 'Phone number can have at most 10 digits',
  profilePhoneDigits: 'Phone number accepts digits only',
  profileUpdated: 'Profile updated successfully',
  profilePicInvalid: 'Please upload the picture again',
} as const;
