import type { AuditAction } from '@hiraku/shared';
import type { Transaction } from 'sequelize';
import type { JsonObject, Models } from '../models';

export interface AuditEntry {
  /** Null for what the system does by itself (a suspension reaching its end). */
  actorId: number | null;
  /** `<target>.<verb>`, e.g. `tag.update`; one of AUDIT_ACTION_LABELS, so the screens can name it. */
  action: AuditAction;
  targetType: string;
  targetId: number | string;
  reason?: string | null;
  details?: JsonObject | null;
}

/** Every operator write leaves who, what, when and why (docs/decisions.md), in the same transaction as the write. */
export async function writeAuditLog(models: Pick<Models, 'AuditLog'>, entry: AuditEntry, { transaction }: { transaction: Transaction }): Promise<void> {
  await models.AuditLog.create(
    {
      actorId: entry.actorId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: String(entry.targetId),
      reason: entry.reason ?? null,
      details: entry.details ?? null,
    },
    { transaction },
  );
}
