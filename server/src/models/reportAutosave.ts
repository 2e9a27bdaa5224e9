import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';

/** A report being written, saved by the form as it is typed (issue 39, migration 0045). */
export class ReportAutosave extends Model<InferAttributes<ReportAutosave>, InferCreationAttributes<ReportAutosave>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  /** The member's own report being edited; null for a new report. */
  declare reportId: number | null;
  declare title: string;
  /** The form's values as JSON text, checked with reportAutosaveValuesSchema on the way in and out. */
  declare valuesJson: string;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export function initReportAutosave(sequelize: Sequelize): typeof ReportAutosave {
  ReportAutosave.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      userId: { type: DataTypes.BIGINT, allowNull: false },
      reportId: { type: DataTypes.BIGINT, allowNull: true },
      title: { type: DataTypes.STRING(191), allowNull: false, defaultValue: '' },
      valuesJson: { type: DataTypes.TEXT('medium'), allowNull: false },
      createdAt: DataTypes.DATE(3),
      updatedAt: DataTypes.DATE(3),
    },
    { sequelize, tableName: 'report_autosaves', modelName: 'ReportAutosave', underscored: true },
  );
  return ReportAutosave;
}
