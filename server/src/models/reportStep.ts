import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/** A numbered play step; steps are replaced as a whole when the report is saved. */
export class ReportStep extends Model<InferAttributes<ReportStep>, InferCreationAttributes<ReportStep>> {
  declare id: CreationOptional<number>;
  declare reportId: number;
  declare stepNumber: number;
  declare action: string;
}

export function initReportStep(sequelize: Sequelize): typeof ReportStep {
  ReportStep.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      reportId: { type: DataTypes.BIGINT, allowNull: false },
      stepNumber: { type: DataTypes.INTEGER, allowNull: false },
      action: { type: DataTypes.TEXT, allowNull: false },
    },
    { sequelize, tableName: 'report_steps', modelName: 'ReportStep', underscored: true, timestamps: false },
  );
  return ReportStep;
}
