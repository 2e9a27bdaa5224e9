import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import type { CategoryKey } from '@hiraku/shared';
import type { Tag } from './tag';

export const REPORT_TAG_KINDS = ['playCategory', 'playContent'] as const satisfies readonly CategoryKey[];
export type ReportTagKind = (typeof REPORT_TAG_KINDS)[number];

/** Links a report to one of its play categories or play contents, in the order the author chose. */
export class ReportTag extends Model<InferAttributes<ReportTag>, InferCreationAttributes<ReportTag>> {
  declare reportId: number;
  declare kind: ReportTagKind;
  declare tagId: number;
  declare position: CreationOptional<number>;

  declare tag?: NonAttribute<Tag>;
}

export function initReportTag(sequelize: Sequelize): typeof ReportTag {
  ReportTag.init(
    {
      reportId: { type: DataTypes.BIGINT, allowNull: false, primaryKey: true },
      kind: { type: DataTypes.ENUM(...REPORT_TAG_KINDS), allowNull: false, primaryKey: true },
      tagId: { type: DataTypes.BIGINT, allowNull: false, primaryKey: true },
      position: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    },
    { sequelize, tableName: 'report_tags', modelName: 'ReportTag', underscored: true, timestamps: false },
  );
  return ReportTag;
}
