import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/** One member's save of one report; the composite primary key makes a second save impossible. */
export class Save extends Model<InferAttributes<Save>, InferCreationAttributes<Save>> {
  declare userId: number;
  declare reportId: number;
  declare createdAt: CreationOptional<Date>;
}

/** A member's named group of saved reports, in the member's order. */
export class Collection extends Model<InferAttributes<Collection>, InferCreationAttributes<Collection>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  declare name: string;
  declare position: number;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** A report's place in one collection. */
export class CollectionReport extends Model<InferAttributes<CollectionReport>, InferCreationAttributes<CollectionReport>> {
  declare collectionId: number;
  declare reportId: number;
  declare position: number;
  declare createdAt: CreationOptional<Date>;
}

export function initSaveModels(sequelize: Sequelize): { Save: typeof Save; Collection: typeof Collection; CollectionReport: typeof CollectionReport } {
  Save.init(
    {
      userId: { type: DataTypes.BIGINT, allowNull: false, primaryKey: true },
      reportId: { type: DataTypes.BIGINT, allowNull: false, primaryKey: true },
      createdAt: DataTypes.DATE(3),
    },
    { sequelize, tableName: 'saves', modelName: 'Save', underscored: true, updatedAt: false },
  );
  Collection.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      userId: { type: DataTypes.BIGINT, allowNull: false },
      name: { type: DataTypes.STRING(64), allowNull: false },
      position: { type: DataTypes.INTEGER, allowNull: false },
      createdAt: DataTypes.DATE(3),
      updatedAt: DataTypes.DATE(3),
    },
    { sequelize, tableName: 'collections', modelName: 'Collection', underscored: true },
  );
  CollectionReport.init(
    {
      collectionId: { type: DataTypes.BIGINT, allowNull: false, primaryKey: true },
      reportId: { type: DataTypes.BIGINT, allowNull: false, primaryKey: true },
      position: { type: DataTypes.INTEGER, allowNull: false },
      createdAt: DataTypes.DATE(3),
    },
    { sequelize, tableName: 'collection_reports', modelName: 'CollectionReport', underscored: true, updatedAt: false },
  );
  return { Save, Collection, CollectionReport };
}
