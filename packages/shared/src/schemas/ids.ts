import { z } from 'zod';

/**
 * Record ids are numbers in every response (`_id`); forms send them as decimal strings.
 * Both come out as a safe positive integer, the form the database uses.
 */
const ID_PATTERN = /^[1-9][0-9]{0,15}$/;

export function isIdString(value: string): boolean {
  return ID_PATTERN.test(value) && Number.isSafeInteger(Number(value));
}

/** A required id; `message` is shown for anything that is not one. */
export function idSchema(message: string) {
  return z
    .union([z.string({ error: message }), z.number({ error: message })], { error: message })
    .transform((value, ctx) => {
      const text = typeof value === 'number' ? String(value) : value.trim();
      if (!isIdString(text)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return Number(text);
    });
}

/** An optional reference: missing, null or an empty string (an unselected <select>) mean "none". */
export function optionalIdSchema(message: string) {
  return z
    .union([z.string({ error: message }), z.number({ error: message })], { error: message })
    .nullish()
    .transform((value, ctx): number | null => {
      if (value === null || value === undefined) return null;
      const text = typeof value === 'number' ? String(value) : value.trim();
      if (text === '') return null;
      if (!isIdString(text)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return Number(text);
    });
}

/** A list of ids, duplicates and blank entries dropped, order kept. */
export function idListSchema(message: string) {
  return z
    .array(z.union([z.string({ error: message }), z.number({ error: message })], { error: message }), { error: message })
    .nullish()
    .transform((values, ctx): number[] => {
      const ids: number[] = [];
      for (const value of values ?? []) {
        const text = typeof value === 'number' ? String(value) : value.trim();
        if (text === '') continue;
        if (!isIdString(text)) {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        const id = Number(text);
        if (!ids.includes(id)) ids.push(id);
      }
      return ids;
    });
}
