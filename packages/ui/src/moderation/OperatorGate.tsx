import type { ReactNode } from 'react';
import { OperatorsOnlyPage } from '../pages/OperatorsOnlyPage';
import { usePlatform } from '../platform/PlatformContext';
import { useIsOperator } from '../taxonomy/useIsOperator';
import { OperatorNav } from './OperatorNav';

/**
 * Operators get the screen (on the web under the operators' own links; the desktop app's layout has its
 * side menu instead); a member gets the "operators only" page.
 */
export function OperatorGate({ page, children }: { page: string; children: ReactNode }) {
  const isOperator = useIsOperator();
  const { kind } = usePlatform();
  if (!isOperator) return <OperatorsOnlyPage page={page} />;
  return (
    <>
      {kind === 'web' && <OperatorNav />}
      {children}
    </>
  );
}
