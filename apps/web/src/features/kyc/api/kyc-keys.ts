/** Query keys of the KYC feature: the caller's own record, and the admin's lists and details. */
export const kycKeys = {
  mine: ['kyc', 'mine'] as const,
  document: (filename: string) => ['kyc', 'document', filename] as const,
  adminAll: ['admin', 'kyc'] as const,
  adminList: (page: number, search: string, query = '') =>
    ['admin', 'kyc', 'list', page, search, query] as const,
  adminDetail: (kycId: string) => ['admin', 'kyc', 'detail', kycId] as const,
};
