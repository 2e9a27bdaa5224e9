import type { Middleware } from 'koa';
import { MESSAGES, type ErrorBody } from '@hiraku/shared';
import { AppError } from '../errors';
import type { Logger } from '../logger';

/** The status codes that body parsers and other libraries throw, mapped onto our error ids. */
function fromHttpError(error: { status?: unknown; statusCode?: unknown }): AppError | null {
  const status = Number(error.status ?? error.statusCode);
  if (status === 413) return new AppError(413, 'payload_too_large', MESSAGES.common.payloadTooLarge);
  if (status === 415) return new AppError(415, 'unsupported_media', MESSAGES.common.invalidInput);
  if (status >= 400 && status < 500) return new AppError(400, 'validation_error', MESSAGES.common.invalidInput);
  return null;
}

/** Outermost middleware: every failure leaves as a JSON body with a Japanese message and a stable id. */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (caught) {
      const error = caught instanceof Error ? caught : new Error(String(caught));
      const known =
        error instanceof AppError
          ? error
          : error.name === 'SequelizeUniqueConstraintError'
            ? new AppError(409, 'conflict', MESSAGES.taxonomy.nameTaken)
            : fromHttpError(error as { status?: unknown });
      if (known) {
        ctx.status = known.status;
        ctx.body = known.toBody();
        return;
      }
      logger.error({ err: error, requestId: ctx.state.requestId, path: ctx.path }, 'unhandled error');
      ctx.status = 500;
      ctx.body = { error: 'internal_error', message: MESSAGES.common.serverError } satisfies ErrorBody;
    }
  };
}
