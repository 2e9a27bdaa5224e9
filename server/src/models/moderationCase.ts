import type { CaseDecision, CaseStatus, CaseType, FlagCategory, FlagTargetType } from '@hiraku/shared';
import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import type { CaseNote } from './caseNote';
import type { Flag } from './flag';
import type { User } from './user';

/**
 * One case of the moderation queue (issue 18, migration 0014): a flagged target (type = its target type)
 * or an appeal against a decided case. `openSlot` is 1 while open and null once closed (one open case per
 * target, unique index). `priority` and `dueAt` are computed when it opens (casePriority, caseDueAt).
 */
export class ModerationCase extends Model<InferAttributes<ModerationCase>, InferCreationAttributes<ModerationCase>> {
  declare id: CreationOptional<number>;
  declare type: CaseType;
  declare targetType: FlagTargetType;
  /** Report id, comment id or the member's user id. */
  declare targetId: number;
  /** The content's author or the member flagged; null once their account is gone. */
  declare authorId: number | null;
  declare category: FlagCategory;
  declare priority: number;
  declare status: CaseStatus;
  declare openSlot: CreationOptional<number | null>;
  declare openedAt: Date;
  declare dueAt: Date;
  declare claimedBy: CreationOptional<number | null>;
  declare claimedAt: CreationOptional<Date | null>;
  /** When the flags hid the target pending review (the decision undoes exactly that). */
  declare autoHiddenAt: CreationOptional<Date | null>;
  declare decision: CreationOptional<CaseDecision | null>;
  declare decisionReason: CreationOptional<string | null>;
  declare decidedBy: CreationOptional<number | null>;
  declare closedAt: CreationOptional<Date | null>;
  /** For `harmless`: the target's last edit when decided; flags on that same version do not reopen it. */
  declare contentVersion: CreationOptional<Date | null>;
  declare appealOfCaseId: CreationOptional<number | null>;
  declare appealText: CreationOptional<string | null>;
  /** When operators' streams were told it passed its due time (once; migration 0019, moderation/caseEvents.ts). */
  declare overdueToldAt: CreationOptional<Date | null>;
  /** 削除: the removed content's title or first words, and when it went for good. */
  declare removedTitle: CreationOptional<string | null>;
  declare contentRemovedAt: CreationOptional<Date | null>;
  /** 要相談 (issue 38, migration 0095): an operator asked the admins to look at it, when, who and why. */
  declare escalatedAt: CreationOptional<Date | null>;
  declare escalatedBy: CreationOptional<number | null>;
  declare escalationReason: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;

  declare flags?: NonAttribute<Flag[]>;
  declare notes?: NonAttribute<CaseNote[]>;
  declare author?: NonAttribute<User | null>;
  declare claimer?: NonAttribute<User | null>;
  declare decider?: NonAttribute<User | null>;
  declare appealOf?: NonAttribute<ModerationCase | null>;
}

export function initModerationCase(sequelize: Sequelize): typeof ModerationCase {
  ModerationCase.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      type: { type: DataTypes.STRING(16), allowNull: false },
      targetType: { type: DataTypes.STRING(16), allowNull: false },
      targetId: { type: DataTypes.BIGINT, allowNull: false },
      authorId: { type: DataTypes.BIGINT, allowNull: true },
      category: { type: DataTypes.STRING(24), allowNull: false },
      priority: { type: DataTypes.INTEGER, allowNull: false },
      status: { type: DataTypes.STRING(8), allowNull: false },
      openSlot: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
      openedAt: { type: DataTypes.DATE(3), allowNull: false },
      dueAt: { type: DataTypes.DATE(3), allowNull: false },
      claimedBy: { type: DataTypes.BIGINT, allowNull: true, defaultValue: null },
      claimedAt: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
      autoHiddenAt: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
      decision: { type: DataTypes.STRING(16), allowNull: true, defaultValue: null },
      decisionReason: { type: DataTypes.STRING(500), allowNull: true, defaultValue: null },
      decidedBy: { type: DataTypes.BIGINT, allowNull: true, defaultValue: null },
      closedAt: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
      contentVersion: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
      appealOfCaseId: { type: DataTypes.BIGINT, allowNull: true, defaultValue: null },
      appealText: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
      overdueToldAt: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
      removedTitle: { type: DataTypes.STRING(200), allowNull: true, defaultValue: null },
      contentRemovedAt: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
      escalatedAt: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
      escalatedBy: { type: DataTypes.BIGINT, allowNull: true, defaultValue: null },
      escalationReason: { type: DataTypes.STRING(500), allowNull: true, defaultValue: null },
      createdAt: DataTypes.DATE(3),
    },
    { sequelize, tableName: 'moderation_cases', modelName: 'ModerationCase', underscored: true, updatedAt: false },
  );
  return ModerationCase;
}
