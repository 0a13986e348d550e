import { PASSWORD_SPECIALS } from '@exchange/contracts';

/** The strength rules, said before the user trips over them. */
export const passwordHint = `At least 8 characters with an uppercase letter, a number and one of ${PASSWORD_SPECIALS.split('').join(' ')}`;
