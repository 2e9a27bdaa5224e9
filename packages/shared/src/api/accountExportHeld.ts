import { z } from 'zod';
import { notificationSettingsSchema } from '../notifications/schemas';
import { reportAutosaveValuesSchema } from '../schemas/reportAutosave';
import { blockListSchema, muteListSchema, mutedWordListSchema, SENSITIVE_IMAGE_CHOICES } from './endpoints/safety';

const isoDate = z.string();

/**
 * Issue 39: what the account holds besides its content, in the export (and the privacy policy's list,
 * packages/shared/src/content): the member's blocks, mutes and muted words as 設定 lists them, their
 * notification switches and image choice, the flags they sent, their logins, and the reports they were
 * writing. Spread into accountExportSchema as one block, so other additions to the export merge beside it.
 */
export const ACCOUNT_EXPORT_HELD_FIELDS = {
  blocks: blockListSchema.shape.members,
  mutes: muteListSchema.shape.members,
  mutedWords: mutedWordListSchema.shape.words,
  notificationSettings: notificationSettingsSchema,
  sensitiveImages: z.enum(SENSITIVE_IMAGE_CHOICES),
  twoFactorEnabledAt: isoDate.nullable(),
  sentFlags: z.array(
    z.object({ targetType: z.string(), targetId: z.number().int(), category: z.string(), note: z.string().nullable(), createdAt: isoDate, resolvedAt: isoDate.nullable() }),
  ),
  sessions: z.array(z.object({ device: z.string(), userAgent: z.string(), createdAt: isoDate, lastUsedAt: isoDate })),
  reportAutosaves: z.array(z.object({ reportId: z.number().int().nullable(), values: reportAutosaveValuesSchema, updatedAt: isoDate })),
};
