import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import { LIMITS, type CategoryKey } from '@hiraku/shared';
import type { Tag } from './tag';

export class Category extends Model<InferAttributes<Category>, InferCreationAttributes<Category>> {
  declare id: CreationOptional<number>;
  declare name: string;
  /** Set on the six system categories only; code finds them by key because operators may rename them. */
  declare key: CreationOptional<CategoryKey | null>;
  declare level: CreationOptional<number>;
  declare sortOrder: CreationOptional<number>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare tags?: NonAttribute<Tag[]>;
}

export function initCategory(sequelize: Sequelize): typeof Category {
  Category.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      name: { type: DataTypes.STRING(LIMITS.categoryNameMax), allowNull: false },
      key: { type: DataTypes.STRING(32), allowNull: true, defaultValue: null },
      level: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
      sortOrder: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      createdAt: DataTypes.DATE(3),
      updatedAt: DataTypes.DATE(3),
    },
    { sequelize, tableName: 'categories', modelName: 'Category', underscored: true },
  );
  return Category;
}
