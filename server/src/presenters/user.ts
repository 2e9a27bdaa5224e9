import type { SessionUser } from '@hiraku/shared';
import type { User } from '../models';

/** The only fields of a member that the session calls send: never the e-mail address or a hash. */
export function presentSessionUser(user: Pick<User, 'publicId' | 'tutorialPending' | 'role' | 'totpEnabledAt'>): SessionUser {
  return { publicId: user.publicId, tutorial: user.tutorialPending, role: user.role, twoFactor: Boolean(user.totpEnabledAt) };
}
