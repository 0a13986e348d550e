import { kycIdentityMessages } from './kyc-identity';

/** KYC: the gate, the form, its rules and the server's KYC answers and mails. Part of the message catalogue (index.ts). */
export const kycMessages = {
  // KYC gating
  completeKyc: 'Please Complete Your Kyc',

  // KYC form
  kycFirstNameRequired: 'Firstname is required',
  kycLastNameRequired: 'Lastname is required',
  kycMobileRequired: 'Mobile is required',
  kycCountryCodeRequired: 'Country code is required',
  kycDobRequired: 'DOB is required',
  kycCityRequired: 'city is required',
  kycStateRequired: 'state is required',
  kycCountryRequired: 'country is required',
  kycDocRequired: 'Please Select Doc',
  kycDocNumberRequired: 'Doc number is re is required',
  kycFrontImageRequired: 'Front_image is rquired',
  kycBackImageRequired: 'back_image is rquired',
  // The KYC rules the spec states without a text, and the server's KYC answers
  kycLettersOnly: '{field} accepts only letters and spaces',
  kycDobInvalid: 'Please enter a valid date of birth',
  kycDobFuture: 'Date of birth cannot be in the future',
  kycDobTooYoung: 'You must be at least 18 years old',
  kycMobileInvalid: 'Mobile number must be 6 to 15 digits',
  kycDocNumberInvalid: 'Doc number may contain only letters, digits, spaces and hyphens',
  kycImageNotYours: 'Please upload the document images again',
  kycSubmitted: 'KYC submitted successfully. We will review it shortly.',
  kycAlreadyPending: 'Your KYC is under review. We will e-mail you once it is checked.',
  kycAlreadyApproved: 'Your KYC is already approved',
  kycLoaded: 'KYC details',
  kycNotFound: 'KYC not found',
  kycUnderReview: 'KYC under review',
  kycUnderReviewNote: 'Your documents are being checked. You can trade and deposit once they are approved.',
  kycRejectedNote: 'Your KYC was rejected. Please correct it and submit again.',
  // Told on every open screen when the decision arrives over the socket.
  kycApprovedLive: 'Your KYC is approved. You can now deposit and trade.',
  kycApproved: 'KYC approved successfully',
  kycRejected: 'KYC rejected successfully',
  kycAlreadyDecided: 'This KYC has already been decided by another admin',
  kycOwnReview: 'You cannot review your own KYC; another admin must decide it',
  kycRejectReasonRequired: 'Please enter the reason for rejection',
  ...kycIdentityMessages,
  kycMailApprovedSubject: 'Your KYC is approved',
  kycMailApprovedText: 'Good news: your identity documents are approved. You can now deposit and trade.',
  kycMailRejectedSubject: 'Your KYC was rejected',
  kycMailRejectedText:
    'Your identity documents were rejected for this reason: {reason}\n\nPlease correct them and submit your KYC again.',
} as const;
