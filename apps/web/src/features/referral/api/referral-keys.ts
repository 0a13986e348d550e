export const referralKeys = {
  all: ['referrals'] as const,
  summary: ['referrals', 'summary'] as const,
  list: ['referrals', 'list'] as const,
};
