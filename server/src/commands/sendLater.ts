import type { Logger } from '../logger';

/**
 * Runs mail work after the answer has gone out, logging a failure instead of showing it: answers that
 * must not reveal whether an address is registered cannot wait for (or fail with) a mail.
 */
export function sendLater(deps: { logger: Logger }, work: () => Promise<void>): void {
  work().catch((error: unknown) => deps.logger.error({ err: error }, 'mail could not be sent'));
}
