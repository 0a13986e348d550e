export const supportKeys = {
  mine: ['support', 'mine'] as const,
};
