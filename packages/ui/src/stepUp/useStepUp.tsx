import { useCallback, useRef, useState, type ReactNode } from 'react';
import { isApiError } from '../api/apiError';
import { StepUpDialog } from './StepUpDialog';

/** The member closed the step-up dialog without proving who they are: the action was not done, nothing to tell. */
export class StepUpCancelled extends Error {
  constructor() {
    super('step-up cancelled');
    this.name = 'StepUpCancelled';
  }
}

export const isStepUpCancelled = (error: unknown): error is StepUpCancelled => error instanceof StepUpCancelled;

/**
 * Actions that cannot be undone answer 403 `step_up_required` when this session's last proof of identity
 * is older than TIMINGS.stepUpFreshSec (issue 35, server/src/auth/stepUp.ts). `withStepUp(action)` runs
 * the action; on that answer it shows the dialog (password and code, or a passkey) and, once confirmed,
 * runs the action again. Cancelled: it rejects with StepUpCancelled. Render `dialog` in the component.
 */
export function useStepUp(): { withStepUp: <T>(action: () => Promise<T>) => Promise<T>; dialog: ReactNode; asking: boolean } {
  const [asking, setAsking] = useState(false);
  const settle = useRef<{ resolve: () => void; reject: (error: unknown) => void } | null>(null);

  const withStepUp = useCallback(async <T,>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      if (!isApiError(error) || error.code !== 'step_up_required') throw error;
    }
    await new Promise<void>((resolve, reject) => {
      settle.current = { resolve, reject };
      setAsking(true);
    });
    return action();
  }, []);

  const finish = (confirmed: boolean) => {
    const pending = settle.current;
    settle.current = null;
    setAsking(false);
    if (confirmed) pending?.resolve();
    else pending?.reject(new StepUpCancelled());
  };

  const dialog = asking ? <StepUpDialog onConfirmed={() => finish(true)} onCancel={() => finish(false)} /> : null;
  return { withStepUp, dialog, asking };
}
