import type { Middleware } from 'koa';
import { TEXTS, type ErrorBody } from '@hiraku/shared';
import { SearchInputError } from '@hiraku/search';
import { UniqueConstraintError } from 'sequelize';
import { isDatabaseUnavailable } from '../db/databaseUnavailable';
import { brokenUniqueConstraint } from '../db/uniqueConstraint';
import { AppError } from '../errors';
import type { Logger } from '../logger';

/** The status codes that body parsers and other libraries throw, mapped onto our error ids. */
function fromHttpError(error: { status?: unknown; statusCode?: unknown }): AppError | null {
  const status = Number(error.status ?? error.statusCode);
  if (status === 413) return new AppError(413, 'payload_too_large', TEXTS.common.payloadTooLarge);
  if (status === 415) return new AppError(415, 'unsupported_media', TEXTS.common.invalidInput);
  if (status >= 400 && status < 500) return new AppError(400, 'validation_error', TEXTS.common.invalidInput);
  return null;
}

/** Unique indexes whose clash means "that name is taken": a category's name, a tag's name in its category. */
const TAXONOMY_NAME_CONSTRAINTS = new Set(['categories_name_unique', 'tags_category_id_name_unique']);

/**
 * A unique index refused a write that the command's own checks let through: another request got there
 * first. Only the taxonomy names have a message of their own; any other clash (a double submit racing
 * itself) asks the member to reload and try again.
 */
function fromUniqueConstraint(error: Error): AppError {
  const constraint = brokenUniqueConstraint(error);
  return constraint !== null && TAXONOMY_NAME_CONSTRAINTS.has(constraint)
    ? new AppError(409, 'conflict', TEXTS.taxonomy.nameTaken)
    : new AppError(409, 'conflict', TEXTS.common.conflict);
}

/**
 * Every failure leaves as a JSON body with a Japanese message and a stable id. Runs inside requestLog,
 * so the log records the status that was sent.
 */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (caught) {
      const error = caught instanceof Error ? caught : new Error(String(caught));
      const known =
        error instanceof AppError
          ? error
          : error instanceof SearchInputError
            ? new AppError(400, error.code, error.publicMessage)
            : error instanceof UniqueConstraintError
              ? fromUniqueConstraint(error)
              : fromHttpError(error as { status?: unknown });
      if (known) {
        ctx.status = known.status;
        ctx.body = known.toBody();
        return;
      }
      // The database refused or lost the connection: nothing was wrong with the request, and the member
      // may try again in a moment (the pool reconnects by itself once the database is back).
      if (isDatabaseUnavailable(error)) {
        logger.warn({ err: error, requestId: ctx.state.requestId, path: ctx.path }, 'database unavailable');
        ctx.status = 503;
        ctx.set('Retry-After', '5');
        ctx.body = { error: 'service_unavailable', message: TEXTS.common.serviceUnavailable } satisfies ErrorBody;
        return;
      }
      logger.error({ err: error, requestId: ctx.state.requestId, path: ctx.path }, 'unhandled error');
      ctx.status = 500;
      ctx.body = { error: 'internal_error', message: TEXTS.common.serverError } satisfies ErrorBody;
    }
  };
}
