import { createContext, useContext, type ReactNode } from 'react';

/** Actions the shell's menus trigger but that belong to the host or to later session handling. */
export interface ShellActions {
  logout: () => void | Promise<void>;
}

const noActions: ShellActions = { logout: () => undefined };

const ShellActionsContext = createContext<ShellActions>(noActions);

export function ShellActionsProvider({ actions, children }: { actions: ShellActions; children: ReactNode }) {
  return <ShellActionsContext.Provider value={actions}>{children}</ShellActionsContext.Provider>;
}

export function useShellActions(): ShellActions {
  return useContext(ShellActionsContext);
}
