import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import type { Comment } from './comment';
import type { User } from './user';

import { COMMENT_REPORT_RESOLUTIONS, type CommentReportResolution } from '@hiraku/shared';

export { COMMENT_REPORT_RESOLUTIONS, type CommentReportResolution };

/** A member's report of a comment; at most one per member and comment (unique index). */
export class CommentReport extends Model<InferAttributes<CommentReport>, InferCreationAttributes<CommentReport>> {
  declare id: CreationOptional<number>;
  declare commentId: number;
  declare reporterId: number;
  /** Why the member reported it, when they said. */
  declare reason: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare resolvedAt: CreationOptional<Date | null>;
  declare resolution: CreationOptional<CommentReportResolution | null>;
  /** The operator who resolved it. */
  declare resolvedBy: CreationOptional<number | null>;

  declare comment?: NonAttribute<Comment>;
  declare reporter?: NonAttribute<User>;
  declare resolver?: NonAttribute<User | null>;
}

export function initCommentReport(sequelize: Sequelize): typeof CommentReport {
  CommentReport.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      commentId: { type: DataTypes.BIGINT, allowNull: false },
      reporterId: { type: DataTypes.BIGINT, allowNull: false },
      reason: { type: DataTypes.STRING(500), allowNull: true, defaultValue: null },
      createdAt: DataTypes.DATE(3),
      resolvedAt: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
      resolution: { type: DataTypes.ENUM(...COMMENT_REPORT_RESOLUTIONS), allowNull: true, defaultValue: null },
      resolvedBy: { type: DataTypes.BIGINT, allowNull: true, defaultValue: null },
    },
    { sequelize, tableName: 'comment_reports', modelName: 'CommentReport', underscored: true, updatedAt: false },
  );
  return CommentReport;
}
