/** Query keys of the KYC feature: the caller's own record, and the admin's lists and details. */
export const kycKeys = {
  mine: ['kyc', 'mine'] as const,
  document: (filename: string) => ['kyc', 'document', filename] as const,
  adminAll: ['admin', 'kyc'] as const,
  adminList: (page: number, search: string, status = '') =>
    ['admin', 'kyc', 'list', page, search, status] as const,
  adminDetail: (kycId: string) => ['admin', 'kyc', 'detail', kycId] as const,
};
