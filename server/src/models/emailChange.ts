import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { LIMITS } from '@hiraku/shared';

/** A pending e-mail change: the new address, and its single-use link stored only as a hash. */
export class EmailChange extends Model<InferAttributes<EmailChange>, InferCreationAttributes<EmailChange>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  declare newEmail: string;
  declare tokenHash: string;
  declare expiresAt: Date;
  declare usedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
}

export function initEmailChange(sequelize: Sequelize): typeof EmailChange {
  EmailChange.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      userId: { type: DataTypes.BIGINT, allowNull: false },
      newEmail: { type: DataTypes.STRING(LIMITS.emailMax), allowNull: false },
      tokenHash: { type: DataTypes.STRING(64), allowNull: false },
      expiresAt: { type: DataTypes.DATE(3), allowNull: false },
      usedAt: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
      createdAt: DataTypes.DATE(3),
    },
    { sequelize, tableName: 'email_changes', modelName: 'EmailChange', underscored: true, updatedAt: false },
  );
  return EmailChange;
}
