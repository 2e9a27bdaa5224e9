import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { type SessionUser, SESSION_MESSAGES } from '@hiraku/shared';
import { isApiError } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { useNotice } from '../notice/NoticeContext';
import { pendingLogoutStore } from './pendingLogout';
import { localDraftStore } from './localDraftStore';
import { needsSessionCheck } from './sessionCheckPaths';

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
  /**
   * Set while a logout the server never confirmed is being retried: the member is still signed in and is
   * told so, and the session ends on the server as soon as it can be reached.
   */
  logoutPending: boolean;
}

export interface SessionValue extends SessionState {
  /** GET /api/auth/me; the newest answer wins when several checks overlap. */
  check(): Promise<void>;
  signIn(user: SessionUser): void;
  /**
   * POST /api/auth/logout. When it fails the member stays signed in (and is told so) and the logout is
   * retried, also after a reload, until the server confirms it. Rejects when the first call failed.
   */
  logout(): Promise<void>;
  /**
   * Resolves once no logout call is out. A login waits for it: a logout answer arriving after the login's
   * would delete the new session's cookies (the browser applies its Set-Cookie whatever it was sent with).
   */
  logoutSettled(): Promise<void>;
  /** Forget the member without calling the server (after deletion, or when the server ended the session). */
  clear(options?: { expired?: boolean; leaving?: boolean }): void;
  markTutorialDone(): void;
  /**
   * Called by the layout on every route change: checks the session where docs/product.md §2 asks for it,
   * except on the first screen when the provider already checked it at start (`startPath`).
   */
  routeChanged(pathname: string): void;
}

const SessionContext = createContext<SessionValue | null>(null);

const UNKNOWN: SessionState = { status: 'unknown', user: null, expired: false, leaving: false, logoutPending: false };
const SIGNED_OUT: SessionState = { status: 'unauthenticated', user: null, expired: false, leaving: false, logoutPending: false };

/** Pauses before checking a first, failed session check again, then "signed out" (ms). */
const RECHECK_DELAYS_MS = [1_000, 3_000, 10_000];
/** Pauses between tries of a logout the server has not confirmed; the last repeats (ms). */
const LOGOUT_RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000, 60_000];

/** Only the server saying there is no session signs a member out; a 5xx or no answer says nothing about it. */
function isSignedOutAnswer(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || error.status === 403);
}

export interface SessionProviderProps {
  children: ReactNode;
  /** Lets tests and hosts start from a known member instead of "unknown". */
  initialUser?: SessionUser | null;
  /** Runs after a refused refresh has cleared the session (docs/product.md §8: the member goes to /login). */
  onExpired?: () => void;
  /**
   * The address the app opened at. Its session check starts as the provider mounts, before the first
   * screen's code has arrived (issue 22: the feed's first card waited for that chain); the first route
   * change to this address then does not check again.
   */
  startPath?: string;
}

export function SessionProvider({ children, initialUser, onExpired, startPath }: SessionProviderProps) {
  const api = useApi();
  const { showNotice } = useNotice();
  const [state, setState] = useState<SessionState>(() =>
    initialUser
      ? { ...UNKNOWN, status: 'authenticated', user: initialUser, logoutPending: pendingLogoutStore.get() }
      : initialUser === null
        ? SIGNED_OUT
        : { ...UNKNOWN, logoutPending: pendingLogoutStore.get() },
  );
  /** A logout left pending by an earlier page is tried at once; one that just failed here after a pause. */
  const retryLogoutAtOnce = useRef(state.logoutPending);
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);
  const latestCheck = useRef(0);
  const recheck = useRef<{ failures: number; timer?: ReturnType<typeof setTimeout> }>({ failures: 0 });
  /**
   * True once the server has said there is no session (or the member ended it): the refresh cookie is
   * gone then (a refused refresh and a logout delete it, and a login in another tab sets a fresh access
   * cookie), so the session check skips a refresh that could only be refused.
   */
  const refreshPointless = useRef(initialUser === null);
  /**
   * True from a logout or deletion the member asked for until the next sign-in. A members' call that was
   * still out when the server ended the session comes back 401 and its refresh is refused: that only
   * confirms the logout, and must not send the member, who is on the top page by then, to /login as if
   * their session had expired (CI saw it once).
   */
  const endedOnPurpose = useRef(false);
  /** The logout call still out, if any (from logout(), its retries, or an expired session). */
  const logoutCall = useRef<Promise<unknown> | null>(null);
  const callLogout = useCallback(() => {
    const call = api.auth.logout();
    logoutCall.current = call;
    const forget = () => {
      if (logoutCall.current === call) logoutCall.current = null;
    };
    call.then(forget, forget);
    return call;
  }, [api]);
  const logoutSettled = useCallback(async () => {
    await logoutCall.current?.catch(() => undefined);
  }, []);
  const onExpiredRef = useRef(onExpired);
  useEffect(() => {
    onExpiredRef.current = onExpired;
  }, [onExpired]);

  const signIn = useCallback((user: SessionUser) => {
    latestCheck.current += 1;
    refreshPointless.current = false;
    endedOnPurpose.current = false;
    // A new sign-in is a new session: a logout still pending for the old one must not end it.
    pendingLogoutStore.clear();
    setState({ ...UNKNOWN, status: 'authenticated', user });
  }, []);

  const clear = useCallback((options?: { expired?: boolean; leaving?: boolean }) => {
    latestCheck.current += 1;
    refreshPointless.current = true;
    if (options?.leaving) endedOnPurpose.current = true;
    pendingLogoutStore.clear();
    setState({ ...SIGNED_OUT, expired: options?.expired ?? false, leaving: options?.leaving ?? false });
  }, []);

  /** The start path while its check (made at mount) stands for the first route's; null once a route has changed. */
  const checkedAtStart = useRef<string | null>(null);

  const check = useCallback(async () => {
    latestCheck.current += 1;
    const ticket = latestCheck.current;
    clearTimeout(recheck.current.timer);
    try {
      const user = await api.auth.me({ tryRefresh: !refreshPointless.current });
      refreshPointless.current = false;
      recheck.current.failures = 0;
      if (ticket === latestCheck.current) setState((previous) => ({ ...UNKNOWN, status: 'authenticated', user, logoutPending: previous.logoutPending }));
    } catch (error) {
      const signedOut = isSignedOutAnswer(error);
      if (signedOut) refreshPointless.current = true;
      if (ticket !== latestCheck.current) return;
      if (signedOut) {
        recheck.current.failures = 0;
        pendingLogoutStore.clear();
        setState((previous) => ({ ...SIGNED_OUT, expired: previous.status === 'authenticated' || previous.expired, leaving: previous.leaving }));
        return;
      }
      // A 5xx or a network blip says nothing about the session: a member stays signed in, and a first
      // check is tried again shortly instead of sending someone who may well be signed in to /login.
      if (stateRef.current.status !== 'unknown') return;
      const delay = RECHECK_DELAYS_MS[recheck.current.failures];
      recheck.current.failures += 1;
      if (delay === undefined) {
        recheck.current.failures = 0;
        setState((previous) => (previous.status === 'unknown' ? SIGNED_OUT : previous));
        return;
      }
      recheck.current.timer = setTimeout(() => void checkRef.current(), delay);
    }
  }, [api]);
  const checkRef = useRef(check);
  useEffect(() => {
    checkRef.current = check;
  }, [check]);
  useEffect(() => () => clearTimeout(recheck.current.timer), []);

  // A layout effect: the request leaves in the first commit instead of after the first paint.
  useLayoutEffect(() => {
    if (initialUser === null || startPath === undefined || !needsSessionCheck(startPath)) return;
    checkedAtStart.current = startPath;
    // A member given at the start (the one the server rendered the page for, just now) is the start's check.
    if (initialUser === undefined) void checkRef.current();
    // Once, at mount: later addresses are checked as routes change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const routeChanged = useCallback((pathname: string) => {
    setState((previous) => (previous.leaving ? { ...previous, leaving: false } : previous));
    const coveredByStart = checkedAtStart.current === pathname;
    checkedAtStart.current = null;
    if (!coveredByStart && needsSessionCheck(pathname)) void checkRef.current();
  }, []);

  useEffect(
    () =>
      api.client.onSessionExpired(() => {
        if (endedOnPurpose.current) return;
        latestCheck.current += 1;
        refreshPointless.current = true;
        setState({ ...SIGNED_OUT, expired: true });
        // docs/product.md §8: a refused refresh logs out, which also clears the cookies on the server.
        callLogout().catch(() => undefined);
        onExpiredRef.current?.();
      }),
    [api, callLogout],
  );

  const finishLogout = useCallback(
    (leaving: boolean) => {
      clear({ leaving });
      endedOnPurpose.current = true;
      showNotice(SESSION_MESSAGES.logoutSucceeded, 'info');
    },
    [clear, showNotice],
  );

  const logout = useCallback(async () => {
    if (state.status === 'unauthenticated') return;
    // Remembered before the call, so a reload or a closed tab while it is out still ends the session later.
    pendingLogoutStore.set();
    // Words kept on this device for the report form go with a logout on purpose.
    localDraftStore.clearAll();
    endedOnPurpose.current = true;
    try {
      await callLogout();
    } catch (error) {
      // Still signed in: a refused refresh now is a session that really ended.
      endedOnPurpose.current = false;
      // On a shared device a logout that only looks done is dangerous: say the member is still signed in.
      setState((previous) => ({ ...previous, logoutPending: true }));
      showNotice(SESSION_MESSAGES.logoutPending, 'error');
      throw error;
    }
    finishLogout(true);
  }, [callLogout, finishLogout, showNotice, state.status]);

  // Retries a logout the server has not confirmed (from this page or one before a reload) until it has.
  useEffect(() => {
    if (!state.logoutPending) return undefined;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const attempt = () => {
      clearTimeout(timer);
      callLogout().then(
        () => {
          // The member may be somewhere else by now: a members' page then sends them to /login as usual.
          if (!stopped) finishLogout(false);
        },
        () => {
          if (stopped) return;
          const delay = LOGOUT_RETRY_DELAYS_MS[Math.min(tries, LOGOUT_RETRY_DELAYS_MS.length - 1)];
          tries += 1;
          timer = setTimeout(attempt, delay);
        },
      );
    };
    if (retryLogoutAtOnce.current) attempt();
    else timer = setTimeout(attempt, LOGOUT_RETRY_DELAYS_MS[0]);
    retryLogoutAtOnce.current = false;
    window.addEventListener('online', attempt);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', attempt);
    };
  }, [state.logoutPending, callLogout, finishLogout]);

  const markTutorialDone = useCallback(() => {
    setState((previous) => (previous.user ? { ...previous, user: { ...previous.user, tutorial: false } } : previous));
  }, []);

  const value = useMemo<SessionValue>(
    () => ({ ...state, check, signIn, logout, logoutSettled, clear, markTutorialDone, routeChanged }),
    [state, check, signIn, logout, logoutSettled, clear, markTutorialDone, routeChanged],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession() needs a <SessionProvider> (HirakuApp provides one).');
  return value;
}
