import type { Minor } from '../money';
import { ok, type Result, reject } from '../result';

export interface FourEyesInput {
  /** The withdrawal's USD value in cents, fixed when it was requested. */
  readonly valueCents: Minor;
  /** Above this value (cents) two different admins must approve; 0 = every withdrawal above nothing. */
  readonly secondApprovalAboveCents: Minor;
  /** The admin whose approval is already recorded, if any. */
  readonly firstApprovedBy: string | null;
  /** The admin approving now. */
  readonly adminId: string;
}

/** How many approvals a withdrawal of this value needs before it is sent: one, or two above the line. */
export function approvalsNeeded(valueCents: Minor, secondApprovalAboveCents: Minor): 1 | 2 {
  return valueCents > secondApprovalAboveCents ? 2 : 1;
}

/**
 * What an admin's approval does to a withdrawal waiting in the queue (four eyes, issue 46): `final`
 * sends it on (it needed one approval, or this is a second, different admin's); `first` records the
 * first of two and leaves it waiting. Refused (`same_admin`) when the admin who gave the first approval
 * approves again: the second pair of eyes must be another person's.
 */
export function decideApproval(input: FourEyesInput): Result<'first' | 'final', 'same_admin'> {
  if (approvalsNeeded(input.valueCents, input.secondApprovalAboveCents) === 1) return ok('final');
  if (input.firstApprovedBy === null) return ok('first');
  if (input.firstApprovedBy === input.adminId) return reject('same_admin');
  return ok('final');
}
