import { TEXTS } from '@hiraku/shared';
import type { z } from 'zod';
import { validationError } from '../errors';

/**
 * Parses untrusted input with a zod schema. On failure the first message becomes the error text and
 * every field's first message goes into `fields`, so forms can mark each input. A check that declares
 * no message of its own (a body that is no object at all, a list where a field wants text) is answered
 * with the general Japanese one, never with zod's English default.
 */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data, { error: () => TEXTS.common.invalidInput });
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  const first = result.error.issues[0]?.message;
  throw validationError(first, fields);
}
