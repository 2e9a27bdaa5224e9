import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import type { Category } from './category';
import { LIMITS } from '@hiraku/shared';

export class Tag extends Model<InferAttributes<Tag>, InferCreationAttributes<Tag>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare categoryId: CreationOptional<number | null>;
  declare parentId: CreationOptional<number | null>;
  declare level: CreationOptional<number>;
  declare sortOrder: CreationOptional<number>;
  declare popularity: CreationOptional<number>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare category?: NonAttribute<Category | null>;
  declare parent?: NonAttribute<Tag | null>;
  declare children?: NonAttribute<Tag[]>;
}

export function initTag(sequelize: Sequelize): typeof Tag {
  Tag.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      name: { type: DataTypes.STRING(LIMITS.tagNameMax), allowNull: false },
      categoryId: { type: DataTypes.BIGINT, allowNull: true, defaultValue: null },
      parentId: { type: DataTypes.BIGINT, allowNull: true, defaultValue: null },
      level: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
      sortOrder: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      popularity: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      createdAt: DataTypes.DATE(3),
      updatedAt: DataTypes.DATE(3),
    },
    { sequelize, tableName: 'tags', modelName: 'Tag', underscored: true },
  );
  return Tag;
}
