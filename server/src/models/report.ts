import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import type { ReportStep } from './reportStep';
import type { ReportTag } from './reportTag';
import type { ReportTool } from './reportTool';
import type { Tag } from './tag';
import type { User } from './user';
import { LIMITS, type ReportAudience } from '@hiraku/shared';

export class Report extends Model<InferAttributes<Report>, InferCreationAttributes<Report>> {
  declare id: CreationOptional<number>;
  declare authorId: number;
  declare title: string;
  declare description: CreationOptional<string | null>;
  declare tips: CreationOptional<string | null>;
  declare duration: CreationOptional<string | null>;
  declare genderTagId: CreationOptional<number | null>;
  declare sexualOrientationTagId: CreationOptional<number | null>;
  declare roleTagId: CreationOptional<number | null>;
  declare isDraft: CreationOptional<boolean>;
  declare hiddenAt: CreationOptional<Date | null>;
  declare mainImageKey: CreationOptional<string | null>;
  declare thumbnailKey: CreationOptional<string | null>;
  declare likeCount: CreationOptional<number>;
  declare commentCount: CreationOptional<number>;
  /**
   * Denormalised "published, not hidden, author not suspended": whoever changes one of those three
   * must recompute it, because the list and its keyset cursors filter on this column alone.
   */
  declare listed: CreationOptional<boolean>;
  declare publishedAt: CreationOptional<Date | null>;
  /** Every text a muted word is looked for in, folded (commands/reportMatchText.ts, migration 0015). */
  declare matchText: CreationOptional<string | null>;
  declare imageSensitive: CreationOptional<boolean>;
  declare imageSensitiveLocked: CreationOptional<boolean>;
  /** When the poster ticked both upload attestations (consent of everyone shown, mosaic) for the main image. */
  declare imageAttestedAt: CreationOptional<Date | null>;
  declare imagePreviewKey: CreationOptional<string | null>;
  /** Content warnings (issue 37, migration 0040): the labels as bits of the shared catalogue, その他's text, an operator's lock. */
  declare warningMask: CreationOptional<number>;
  declare warningOther: CreationOptional<string | null>;
  declare warningsLocked: CreationOptional<boolean>;
  /** 全会員 or フォロワーのみ; a followers-only report is never `listed`. */
  declare audience: CreationOptional<ReportAudience>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare author?: NonAttribute<User>;
  /** Set by a loader that read it for its viewer: they are an approved follower of the author (visibility/facts.ts). */
  declare viewerFollowsAuthor?: NonAttribute<boolean>;
  declare gender?: NonAttribute<Tag | null>;
  declare sexualOrientation?: NonAttribute<Tag | null>;
  declare role?: NonAttribute<Tag | null>;
  declare tools?: NonAttribute<ReportTool[]>;
  declare steps?: NonAttribute<ReportStep[]>;
  declare reportTags?: NonAttribute<ReportTag[]>;
  /** Through `report_tags`; write those rows directly so their `position` keeps the author's order. */
  declare playCategories?: NonAttribute<Tag[]>;
  declare playContents?: NonAttribute<Tag[]>;
}

export function initReport(sequelize: Sequelize): typeof Report {
  Report.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      authorId: { type: DataTypes.BIGINT, allowNull: false },
      title: { type: DataTypes.STRING(LIMITS.reportTitleMax), allowNull: false },
      description: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
      tips: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
      duration: { type: DataTypes.STRING(LIMITS.durationMax), allowNull: true, defaultValue: null },
      genderTagId: { type: DataTypes.BIGINT, allowNull: true, defaultValue: null },
      sexualOrientationTagId: { type: DataTypes.BIGINT, allowNull: true, defaultValue: null },
      roleTagId: { type: DataTypes.BIGINT, allowNull: true, defaultValue: null },
      isDraft: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      hiddenAt: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
      mainImageKey: { type: DataTypes.STRING(255), allowNull: true, defaultValue: null },
      thumbnailKey: { type: DataTypes.STRING(255), allowNull: true, defaultValue: null },
      likeCount: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      commentCount: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      listed: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      publishedAt: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
      matchText: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
      imageSensitive: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      imageSensitiveLocked: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      imageAttestedAt: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
      imagePreviewKey: { type: DataTypes.STRING(255), allowNull: true, defaultValue: null },
      warningMask: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      warningOther: { type: DataTypes.STRING(LIMITS.contentWarningOtherMax), allowNull: true, defaultValue: null },
      warningsLocked: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      audience: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'members' },
      createdAt: DataTypes.DATE(3),
      updatedAt: DataTypes.DATE(3),
    },
    { sequelize, tableName: 'reports', modelName: 'Report', underscored: true },
  );
  return Report;
}
