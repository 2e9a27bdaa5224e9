import { z } from 'zod';
import { CONTENT_WARNING_CHOICES, CONTENT_WARNING_KEYS, type ContentWarningKey } from '../contentWarnings';

/** `{ blood: 'show' | 'warn' | 'hide', ... }`: every content warning with the member's choice. */
export const contentWarningSettingsSchema = z.object(
  Object.fromEntries(CONTENT_WARNING_KEYS.map((key) => [key, z.enum(CONTENT_WARNING_CHOICES)])) as Record<ContentWarningKey, z.ZodEnum<{ show: 'show'; warn: 'warn'; hide: 'hide' }>>,
);
