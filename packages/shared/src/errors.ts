/** Stable error ids the API answers with, so clients can switch on them instead of on texts. */
export const ERROR_CODES = [
  'validation_error',
  'authentication_required',
  'authorization_error',
  'csrf_error',
  'not_found',
  'conflict',
  'rate_limited',
  'payload_too_large',
  'unsupported_media',
  'account_locked',
  'account_suspended',
  'email_not_verified',
  /** An operator endpoint called by an operator without two-factor sign-in. */
  'two_factor_required',
  /** An action that cannot be undone, and this session's last proof of identity is too old. */
  'step_up_required',
  'internal_error',
  'service_unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The body of every error response. `fields` maps an input name to its Japanese message. */
export interface ErrorBody {
  error: ErrorCode;
  message: string;
  fields?: Record<string, string>;
  redirectUrl?: string;
}
