import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import type { User } from './user';

/** An operator's note on a case; operators only, never shown to members. */
export class CaseNote extends Model<InferAttributes<CaseNote>, InferCreationAttributes<CaseNote>> {
  declare id: CreationOptional<number>;
  declare caseId: number;
  declare authorId: number | null;
  declare text: string;
  declare createdAt: CreationOptional<Date>;

  declare author?: NonAttribute<User | null>;
}

export function initCaseNote(sequelize: Sequelize): typeof CaseNote {
  CaseNote.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      caseId: { type: DataTypes.BIGINT, allowNull: false },
      authorId: { type: DataTypes.BIGINT, allowNull: true },
      text: { type: DataTypes.TEXT, allowNull: false },
      createdAt: DataTypes.DATE(3),
    },
    { sequelize, tableName: 'case_notes', modelName: 'CaseNote', underscored: true, updatedAt: false },
  );
  return CaseNote;
}
