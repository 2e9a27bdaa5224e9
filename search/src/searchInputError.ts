import { TEXTS, type ErrorCode } from '@hiraku/shared';

/**
 * A search parameter that is not what the caller promised (a filter id that is not a positive
 * integer, an unknown sort...). Thrown before anything reaches Meilisearch; the server answers 400.
 */
export class SearchInputError extends Error {
  override name = 'SearchInputError';
  readonly code: ErrorCode = 'validation_error';
  /** Message a member may read. */
  readonly publicMessage = TEXTS.common.invalidInput;
  constructor(
    readonly field: string,
    detail: string,
  ) {
    super(`invalid search parameter ${field}: ${detail}`);
  }
}
