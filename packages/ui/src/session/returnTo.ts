import type { SessionUser } from '@hiraku/shared';
import { PATHS } from '../routes/paths';

/** What the guard hands to /login: where the member wanted to go, and why they were sent. */
export interface LoginRedirectState {
  from?: { pathname: string; search?: string };
  reason?: 'expired' | 'required';
}

function isLoginRedirectState(value: unknown): value is LoginRedirectState {
  return typeof value === 'object' && value !== null;
}

/**
 * An address inside this app, or null. Only plain paths are accepted, so a crafted link cannot send a
 * member to another site after signing in ("//evil.example" and "/\evil.example" are refused).
 */
export function internalPath(candidate: string | undefined | null, currentOrigin?: string): string | null {
  if (!candidate) return null;
  let path = candidate.trim();
  if (currentOrigin && /^https?:\/\//i.test(path)) {
    try {
      const url = new URL(path);
      if (url.origin !== currentOrigin) return null;
      path = `${url.pathname}${url.search}${url.hash}`;
    } catch {
      return null;
    }
  }
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  return path;
}

export function returnPathFrom(state: unknown): string | null {
  if (!isLoginRedirectState(state) || !state.from || typeof state.from.pathname !== 'string') return null;
  const path = internalPath(`${state.from.pathname}${state.from.search ?? ''}`);
  // Going back to the tutorial or a sign-in screen after signing in would be a loop, not a return.
  if (!path || path.startsWith(PATHS.login) || path.startsWith(PATHS.tutorial)) return null;
  return path;
}

/** Where a member goes right after logging in (docs/product.md §2): the tutorial while it is due. */
export function afterLoginPath(user: Pick<SessionUser, 'tutorial'>, returnPath: string | null): string {
  if (user.tutorial) return PATHS.tutorial;
  return returnPath ?? PATHS.reports;
}
