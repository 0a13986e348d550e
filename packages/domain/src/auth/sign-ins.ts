import { ok, type Result, reject } from '../result';

/**
 * Rules for a customer's sign-ins (one sign-in = one session = one refresh-token family): whether a
 * successful sign-in comes from a new place, and which sessions a "sign out" ends.
 */

/** Where a sign-in came from: the device label (browser and system) and the masked client network. */
export interface SignInPlace {
  readonly device: string;
  readonly network: string;
}

/**
 * - 'first': the account's first successful sign-in (right after sign-up): nothing to compare with;
 * - 'known': this device label already signed in from this network;
 * - 'new': the device or the network is new to the account, which deserves an e-mail.
 * The device label carries no versions, so a browser update is not a new device.
 */
export type SignInNovelty = 'first' | 'known' | 'new';

export function signInNovelty(previous: readonly SignInPlace[], current: SignInPlace): SignInNovelty {
  if (previous.length === 0) return 'first';
  const seen = previous.some((place) => place.device === current.device && place.network === current.network);
  return seen ? 'known' : 'new';
}

export interface SessionState {
  readonly id: string;
  readonly revokedAt: Date | null;
}

/** 'one': the session the person picked ('Sign out this session'); 'others': every other live one. */
export type SessionsTarget = { readonly kind: 'one'; readonly id: string } | { readonly kind: 'others' };

/**
 * The ids of the sessions a sign-out ends, among the user's own sessions. A session that is not one
 * of the user's live sessions (another user's, already ended, or made up) is `session_not_found`:
 * the answer does not tell another user's session from one that never existed. 'others' never ends
 * the current session, and ending none is fine (nothing else was signed in).
 */
export function sessionsToEnd(
  own: readonly SessionState[],
  currentId: string,
  target: SessionsTarget,
): Result<string[], 'session_not_found'> {
  const live = own.filter((session) => session.revokedAt === null);
  if (target.kind === 'others') {
    return ok(live.filter((session) => session.id !== currentId).map((session) => session.id));
  }
  return live.some((session) => session.id === target.id) ? ok([target.id]) : reject('session_not_found');
}
