import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { LIMITS } from '@hiraku/shared';

/** A row of the report's tools table; rows are replaced as a whole when the report is saved. */
export class ReportTool extends Model<InferAttributes<ReportTool>, InferCreationAttributes<ReportTool>> {
  declare id: CreationOptional<number>;
  declare reportId: number;
  declare position: number;
  declare name: string;
  declare quantity: CreationOptional<string | null>;
}

export function initReportTool(sequelize: Sequelize): typeof ReportTool {
  ReportTool.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      reportId: { type: DataTypes.BIGINT, allowNull: false },
      position: { type: DataTypes.INTEGER, allowNull: false },
      name: { type: DataTypes.STRING(LIMITS.toolNameMax), allowNull: false },
      quantity: { type: DataTypes.STRING(LIMITS.toolQuantityMax), allowNull: true, defaultValue: null },
    },
    { sequelize, tableName: 'report_tools', modelName: 'ReportTool', underscored: true, timestamps: false },
  );
  return ReportTool;
}
