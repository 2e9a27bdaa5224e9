import type { CaseAction, FlagCategory } from '@hiraku/shared';
import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';

/** Issue 38 (migration 0096): a reason operators keep per decision and (null: any) flag category. */
export class NoticeTemplate extends Model<InferAttributes<NoticeTemplate>, InferCreationAttributes<NoticeTemplate>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare decision: CaseAction;
  declare category: FlagCategory | null;
  declare body: string;
  declare updatedBy: number | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export function initNoticeTemplate(sequelize: Sequelize): typeof NoticeTemplate {
  NoticeTemplate.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      name: { type: DataTypes.STRING(40), allowNull: false },
      decision: { type: DataTypes.STRING(16), allowNull: false },
      category: { type: DataTypes.STRING(24), allowNull: true, defaultValue: null },
      body: { type: DataTypes.STRING(500), allowNull: false },
      updatedBy: { type: DataTypes.BIGINT, allowNull: true, defaultValue: null },
      createdAt: DataTypes.DATE(3),
      updatedAt: DataTypes.DATE(3),
    },
    { sequelize, tableName: 'notice_templates', modelName: 'NoticeTemplate', underscored: true },
  );
  return NoticeTemplate;
}
