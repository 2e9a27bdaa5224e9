import { isOperatorRole } from '@hiraku/shared';
import { useSession } from '../session/SessionContext';

/** For showing the right screen only: the server checks the role on every write and answers 403 anyway. */
export function useIsOperator(): boolean {
  return isOperatorRole(useSession().user?.role);
}
