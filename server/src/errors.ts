import type { ErrorBody, ErrorCode } from '@hiraku/shared';
import { TEXTS, TWO_FACTOR_SETUP_PATH } from '@hiraku/shared';

/** An error that is safe to show: its message is Japanese and meant for the member. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: Pick<ErrorBody, 'fields' | 'redirectUrl'> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(): ErrorBody {
    return { error: this.code, message: this.message, ...this.extra };
  }
}

export const validationError = (message: string = TEXTS.common.invalidInput, fields?: Record<string, string>) =>
  new AppError(400, 'validation_error', message, fields ? { fields } : {});
export const authenticationRequired = (message: string = TEXTS.common.unauthorized) =>
  new AppError(401, 'authentication_required', message);
export const authorizationError = (message: string = TEXTS.common.forbidden) =>
  new AppError(403, 'authorization_error', message);
/** An operator endpoint, an operator without two-factor sign-in: the client sends them to set it up. */
export const twoFactorRequired = () =>
  new AppError(403, 'two_factor_required', TEXTS.security.operatorNeedsTwoFactor, { redirectUrl: TWO_FACTOR_SETUP_PATH });
export const csrfError = () => new AppError(403, 'csrf_error', TEXTS.common.forbiddenCsrf);
export const notFound = (message: string = TEXTS.common.apiNotFound) => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const payloadTooLarge = (message: string = TEXTS.common.payloadTooLarge) =>
  new AppError(413, 'payload_too_large', message);
export const unsupportedMedia = (message: string) => new AppError(415, 'unsupported_media', message);
export const rateLimited = () => new AppError(429, 'rate_limited', TEXTS.common.tooManyRequests);
