import type { AccountExport } from '@hiraku/shared';
import type { Sequelize } from 'sequelize';
import type { Models, User } from '../models';
import { loadSettings } from '../notifications/settings';
import { listBlocks, listMutedWords, listMutes } from './memberRelations';
import { storedAutosaveValues } from './reportAutosaves';

type Held = Pick<
  AccountExport,
  'blocks' | 'mutes' | 'mutedWords' | 'notificationSettings' | 'sensitiveImages' | 'twoFactorEnabledAt' | 'sentFlags' | 'sessions' | 'reportAutosaves'
>;

/**
 * Issue 39: the part of the export that is not the member's content: what 設定 holds for them, the
 * flags they sent (with what they named), their logins and the reports they were writing.
 */
export async function exportHeldByAccount({ models, sequelize }: { models: Models; sequelize: Sequelize }, user: Pick<User, 'id' | 'sensitiveImages' | 'totpEnabledAt'>): Promise<Held> {
  const now = new Date();
  const [blocks, mutes, mutedWords, notificationSettings, flags, sessions, autosaves] = await Promise.all([
    listBlocks(models, user.id),
    listMutes(models, user.id, now),
    listMutedWords(models, user.id, now),
    loadSettings(sequelize, user.id),
    models.Flag.findAll({
      where: { flaggerId: user.id },
      include: [{ model: models.ModerationCase, as: 'case', attributes: ['targetType', 'targetId'] }],
      order: [['createdAt', 'ASC'], ['id', 'ASC']],
    }),
    models.SessionFamily.findAll({ where: { userId: user.id }, order: [['createdAt', 'ASC'], ['id', 'ASC']] }),
    models.ReportAutosave.findAll({ where: { userId: user.id }, order: [['updatedAt', 'ASC'], ['id', 'ASC']] }),
  ]);
  return {
    blocks: blocks.members,
    mutes: mutes.members,
    mutedWords: mutedWords.words,
    notificationSettings,
    sensitiveImages: user.sensitiveImages,
    twoFactorEnabledAt: user.totpEnabledAt?.toISOString() ?? null,
    sentFlags: flags.map((flag) => ({
      targetType: flag.case?.targetType ?? 'unknown',
      targetId: flag.case?.targetId ?? 0,
      category: flag.category,
      note: flag.note ?? null,
      createdAt: flag.createdAt.toISOString(),
      resolvedAt: flag.resolvedAt?.toISOString() ?? null,
    })),
    sessions: sessions.map((row) => ({ device: row.deviceLabel, userAgent: row.userAgent, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt.toISOString() })),
    reportAutosaves: autosaves.map((row) => ({ reportId: row.reportId, values: storedAutosaveValues(row), updatedAt: row.updatedAt.toISOString() })),
  };
}
