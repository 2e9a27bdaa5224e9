import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { MESSAGES, type SessionUser } from '@hiraku/shared';
import { isApiError } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { useNotice } from '../notice/NoticeContext';

export type SessionStatus = 'unknown' | 'authenticated' | 'unauthenticated';

interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /** Set when a session that was good has been found invalid, so /login can say so. */
  expired: boolean;
  /**
   * Set when the member ended the session on purpose (logout, deletion) and is on the way to the top
   * page; the member guard then waits instead of sending them to /login. Cleared at the next route change.
   */
  leaving: boolean;
}

export interface SessionValue extends SessionState {
  /** GET /api/auth/me; the newest answer wins when several checks overlap. */
  check(): Promise<void>;
  signIn(user: SessionUser): void;
  /** POST /api/auth/logout; the state is cleared whatever the server says. Rejects when the call failed. */
  logout(): Promise<void>;
  /** Forget the member without calling the server (after deletion, or when the server ended the session). */
  clear(options?: { expired?: boolean; leaving?: boolean }): void;
  markTutorialDone(): void;
  /** Called by the layout on every route change. */
  routeChanged(): void;
}

const SessionContext = createContext<SessionValue | null>(null);

const UNKNOWN: SessionState = { status: 'unknown', user: null, expired: false, leaving: false };
const SIGNED_OUT: SessionState = { status: 'unauthenticated', user: null, expired: false, leaving: false };

export interface SessionProviderProps {
  children: ReactNode;
  /** Lets tests and hosts start from a known member instead of "unknown". */
  initialUser?: SessionUser | null;
  /** Runs after a refused refresh has cleared the session (SPEC.md section 8: the member goes to /login). */
  onExpired?: () => void;
}

export function SessionProvider({ children, initialUser, onExpired }: SessionProviderProps) {
  const api = useApi();
  const { showNotice } = useNotice();
  const [state, setState] = useState<SessionState>(() =>
    initialUser ? { status: 'authenticated', user: initialUser, expired: false, leaving: false } : initialUser === null ? SIGNED_OUT : UNKNOWN,
  );
  const latestCheck = useRef(0);
  /**
   * True once the server has said there is no session (or the member ended it): the refresh cookie is
   * gone then (a refused refresh and a logout delete it, and a login in another tab sets a fresh access
   * cookie), so the session check skips a refresh that could only be refused.
   */
  const refreshPointless = useRef(initialUser === null);
  const onExpiredRef = useRef(onExpired);
  useEffect(() => {
    onExpiredRef.current = onExpired;
  }, [onExpired]);

  const signIn = useCallback((user: SessionUser) => {
    latestCheck.current += 1;
    refreshPointless.current = false;
    setState({ status: 'authenticated', user, expired: false, leaving: false });
  }, []);

  const clear = useCallback((options?: { expired?: boolean; leaving?: boolean }) => {
    latestCheck.current += 1;
    refreshPointless.current = true;
    setState({ status: 'unauthenticated', user: null, expired: options?.expired ?? false, leaving: options?.leaving ?? false });
  }, []);

  const routeChanged = useCallback(() => {
    setState((previous) => (previous.leaving ? { ...previous, leaving: false } : previous));
  }, []);

  const check = useCallback(async () => {
    latestCheck.current += 1;
    const ticket = latestCheck.current;
    try {
      const user = await api.auth.me({ tryRefresh: !refreshPointless.current });
      refreshPointless.current = false;
      if (ticket === latestCheck.current) setState({ status: 'authenticated', user, expired: false, leaving: false });
    } catch (error) {
      if (isApiError(error) && !error.isNoResponse) refreshPointless.current = true;
      if (ticket !== latestCheck.current) return;
      setState((previous) => {
        // A network blip must not sign a member out; the next check or call will tell.
        if (previous.status === 'authenticated' && isApiError(error) && error.isNoResponse) return previous;
        return { status: 'unauthenticated', user: null, expired: previous.status === 'authenticated' || previous.expired, leaving: previous.leaving };
      });
    }
  }, [api]);

  useEffect(
    () =>
      api.client.onSessionExpired(() => {
        latestCheck.current += 1;
        refreshPointless.current = true;
        setState({ status: 'unauthenticated', user: null, expired: true, leaving: false });
        // SPEC.md section 8: a refused refresh logs out, which also clears the cookies on the server.
        api.auth.logout().catch(() => undefined);
        onExpiredRef.current?.();
      }),
    [api],
  );

  const logout = useCallback(async () => {
    if (state.status === 'unauthenticated') return;
    try {
      await api.auth.logout();
    } catch (error) {
      clear({ leaving: true });
      showNotice(MESSAGES.auth.logoutFailed, 'error');
      throw error;
    }
    clear({ leaving: true });
    showNotice(MESSAGES.auth.logoutSucceeded, 'info');
  }, [api, clear, showNotice, state.status]);

  const markTutorialDone = useCallback(() => {
    setState((previous) => (previous.user ? { ...previous, user: { ...previous.user, tutorial: false } } : previous));
  }, []);

  const value = useMemo<SessionValue>(
    () => ({ ...state, check, signIn, logout, clear, markTutorialDone, routeChanged }),
    [state, check, signIn, logout, clear, markTutorialDone, routeChanged],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession() needs a <SessionProvider> (HirakuApp provides one).');
  return value;
}
