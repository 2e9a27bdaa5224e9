import type { User } from '../models';

/** Whoever is asking: a signed-in member or operator, or nobody. Policies need no more than this. */
export type Viewer = Pick<User, 'id' | 'role'> | null;

/** The roles that work the operators' side. */
export const OPERATOR_ROLES = ['operator'] as const;

export const isOperator = (viewer: Viewer): boolean => viewer?.role === 'operator';
