import { Outlet } from 'react-router-dom';
import { DESKTOP_TEXTS, isOperatorRole } from '@hiraku/shared';
import { OperatorsOnlyPage } from '../pages/OperatorsOnlyPage';
import { useSession } from '../session/SessionContext';

/**
 * Inside MemberGuard: a signed-in member (the desktop host refuses their login, so only a role changed
 * mid-session gets here) sees the operators-only page instead of any operator screen.
 */
export function OperatorRoleGate() {
  const { user } = useSession();
  if (user && !isOperatorRole(user.role)) return <OperatorsOnlyPage page={DESKTOP_TEXTS.productName} />;
  return <Outlet />;
}
