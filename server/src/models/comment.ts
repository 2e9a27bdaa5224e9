import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import type { Report } from './report';
import type { User } from './user';

export class Comment extends Model<InferAttributes<Comment>, InferCreationAttributes<Comment>> {
  declare id: CreationOptional<number>;
  declare reportId: number;
  declare authorId: number;
  declare text: string;
  declare hiddenAt: CreationOptional<Date | null>;
  /** Removed by an operator: gone for everyone, kept for the moderation record. */
  declare deletedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare report?: NonAttribute<Report>;
  declare author?: NonAttribute<User>;
}

export function initComment(sequelize: Sequelize): typeof Comment {
  Comment.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      reportId: { type: DataTypes.BIGINT, allowNull: false },
      authorId: { type: DataTypes.BIGINT, allowNull: false },
      text: { type: DataTypes.TEXT, allowNull: false },
      hiddenAt: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
      deletedAt: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
      createdAt: DataTypes.DATE(3),
      updatedAt: DataTypes.DATE(3),
    },
    { sequelize, tableName: 'comments', modelName: 'Comment', underscored: true },
  );
  return Comment;
}
