/** Response shapes of the account and session calls, shared by the server's presenters and the UI client. */

export interface SessionUser {
  publicId: string;
  tutorial: boolean;
  role: 'member' | 'operator';
}

export interface LoginResponse extends SessionUser {
  message: string;
}

export interface MessageResponse {
  message: string;
}

/** Names of the cookies the API sets; the XSRF cookie is readable by scripts, the others are HttpOnly. */
export const COOKIE_NAMES = {
  access: 'hiraku_access',
  refresh: 'hiraku_refresh',
  xsrf: 'XSRF-TOKEN',
} as const;
export const XSRF_HEADER = 'X-XSRF-TOKEN';
