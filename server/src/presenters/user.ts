import type { SessionUser } from '@hiraku/shared';
import type { User } from '../models';

/**
 * The only fields of a member that the session calls send: never the e-mail address or a hash.
 * `twoFactor` says the account has a second factor (a code or a passkey: auth/secondFactor.ts).
 */
export function presentSessionUser(user: Pick<User, 'publicId' | 'tutorialPending' | 'role'>, secondFactor: boolean): SessionUser {
  return { publicId: user.publicId, tutorial: user.tutorialPending, role: user.role, twoFactor: secondFactor };
}
