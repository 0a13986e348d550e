/** A day in milliseconds: the unit of stake terms, holds, cool-downs and daily budgets. */
export const DAY_MS = 86_400_000;
