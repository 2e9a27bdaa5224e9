import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/** All that is kept of a deleted account: its internal id and when (docs/decisions.md: 3 years). */
export class DeletedAccount extends Model<InferAttributes<DeletedAccount>, InferCreationAttributes<DeletedAccount>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  declare deletedAt: CreationOptional<Date>;
}

export function initDeletedAccount(sequelize: Sequelize): typeof DeletedAccount {
  DeletedAccount.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      userId: { type: DataTypes.BIGINT, allowNull: false },
      deletedAt: { type: DataTypes.DATE(3), allowNull: false, defaultValue: DataTypes.NOW },
    },
    { sequelize, tableName: 'deleted_accounts', modelName: 'DeletedAccount', underscored: true, timestamps: false },
  );
  return DeletedAccount;
}
