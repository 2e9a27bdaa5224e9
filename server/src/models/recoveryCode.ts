import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/** One of a member's ten single-use two-factor recovery codes; only its argon2 hash is stored. */
export class RecoveryCode extends Model<InferAttributes<RecoveryCode>, InferCreationAttributes<RecoveryCode>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  declare codeHash: string;
  declare usedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
}

export function initRecoveryCode(sequelize: Sequelize): typeof RecoveryCode {
  RecoveryCode.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      userId: { type: DataTypes.BIGINT, allowNull: false },
      codeHash: { type: DataTypes.STRING(255), allowNull: false },
      usedAt: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
      createdAt: DataTypes.DATE(3),
    },
    { sequelize, tableName: 'recovery_codes', modelName: 'RecoveryCode', underscored: true, updatedAt: false },
  );
  return RecoveryCode;
}
