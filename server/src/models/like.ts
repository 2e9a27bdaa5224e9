import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/** One member's like of one report; the composite primary key makes a second like impossible. */
export class Like extends Model<InferAttributes<Like>, InferCreationAttributes<Like>> {
  declare reportId: number;
  declare userId: number;
  declare createdAt: CreationOptional<Date>;
}

export function initLike(sequelize: Sequelize): typeof Like {
  Like.init(
    {
      reportId: { type: DataTypes.BIGINT, allowNull: false, primaryKey: true },
      userId: { type: DataTypes.BIGINT, allowNull: false, primaryKey: true },
      createdAt: DataTypes.DATE(3),
    },
    { sequelize, tableName: 'likes', modelName: 'Like', underscored: true, updatedAt: false },
  );
  return Like;
}
