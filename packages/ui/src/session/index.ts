export { SessionProvider, useSession, type SessionProviderProps, type SessionStatus, type SessionValue } from './SessionContext';
export { SessionRouteSync } from './SessionRouteSync';
export { needsSessionCheck, PATHS_WITHOUT_SESSION_CHECK } from './sessionCheckPaths';
export { afterLoginPath, internalPath, returnPathFrom, type LoginRedirectState } from './returnTo';
