import { isAdminRole, isOperatorRole } from '@hiraku/shared';
import type { User } from '../models';

/** Whoever is asking: a signed-in member or operator, or nobody. Policies need no more than this. */
export type Viewer = Pick<User, 'id' | 'role'> | null;

/** The roles that work the operators' side (issue 38: admins too). */
export { OPERATOR_ROLES } from '@hiraku/shared';

/** Whether the viewer works the operators' side: an operator or an admin. */
export const isOperator = (viewer: Viewer): boolean => isOperatorRole(viewer?.role);

/** Whether the viewer is an admin. */
export const isAdmin = (viewer: Viewer): boolean => isAdminRole(viewer?.role);
