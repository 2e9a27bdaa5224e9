import { MESSAGES } from '@hiraku/shared';
import { authorizationError } from '../errors';
import { isOperator, type Viewer } from './viewer';

/** Anyone reads categories and tags; only operators create, rename, reorder or delete them (DECISIONS.md). */
export const canWriteTaxonomy = (viewer: Viewer): boolean => isOperator(viewer);

export function authorizeTaxonomyWrite(viewer: Viewer): void {
  if (!canWriteTaxonomy(viewer)) throw authorizationError(MESSAGES.common.operatorsOnly);
}
