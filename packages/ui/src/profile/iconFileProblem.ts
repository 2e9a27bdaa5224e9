import { ACCEPTED_IMAGE_TYPES, LIMITS, IMAGE_MESSAGES } from '@hiraku/shared';

/**
 * Refuses at once what the server would refuse after the upload: a type it does not take or a file over
 * the size limit. The server still checks the content itself; this only spares a long wait.
 */
export function iconFileProblem(file: { type: string; size: number }): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_MESSAGES.unsupported;
  if (file.size > LIMITS.imageMaxBytes) return IMAGE_MESSAGES.tooLarge;
  return null;
}
