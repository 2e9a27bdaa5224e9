import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';

/** `blockerId` blocked `blockedId`: neither sees the other; see visibility/relations.ts. */
export class Block extends Model<InferAttributes<Block>, InferCreationAttributes<Block>> {
  declare blockerId: number;
  declare blockedId: number;
  declare createdAt: CreationOptional<Date>;
}

/** `muterId` stops seeing `mutedId` until `until` (null: until lifted); the muted member notices nothing. */
export class Mute extends Model<InferAttributes<Mute>, InferCreationAttributes<Mute>> {
  declare muterId: number;
  declare mutedId: number;
  declare until: Date | null;
  declare createdAt: CreationOptional<Date>;
}

/** A word `userId` does not want to read, as typed and folded (see migration 0015). */
export class MutedWord extends Model<InferAttributes<MutedWord>, InferCreationAttributes<MutedWord>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  declare word: string;
  declare folded: string;
  declare pattern: string;
  declare expiresAt: Date | null;
  declare createdAt: CreationOptional<Date>;
}

export function initMemberRelations(sequelize: Sequelize): { Block: typeof Block; Mute: typeof Mute; MutedWord: typeof MutedWord } {
  const options = { sequelize, underscored: true, updatedAt: false } as const;
  Block.init(
    {
      blockerId: { type: DataTypes.BIGINT, allowNull: false, primaryKey: true },
      blockedId: { type: DataTypes.BIGINT, allowNull: false, primaryKey: true },
      createdAt: DataTypes.DATE(3),
    },
    { ...options, tableName: 'blocks', modelName: 'Block' },
  );
  Mute.init(
    {
      muterId: { type: DataTypes.BIGINT, allowNull: false, primaryKey: true },
      mutedId: { type: DataTypes.BIGINT, allowNull: false, primaryKey: true },
      until: { type: DataTypes.DATE(3), allowNull: true },
      createdAt: DataTypes.DATE(3),
    },
    { ...options, tableName: 'mutes', modelName: 'Mute' },
  );
  MutedWord.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      userId: { type: DataTypes.BIGINT, allowNull: false },
      word: { type: DataTypes.STRING(64), allowNull: false },
      folded: { type: DataTypes.STRING(191), allowNull: false },
      pattern: { type: DataTypes.STRING(255), allowNull: false },
      expiresAt: { type: DataTypes.DATE(3), allowNull: true },
      createdAt: DataTypes.DATE(3),
    },
    { ...options, tableName: 'muted_words', modelName: 'MutedWord' },
  );
  return { Block, Mute, MutedWord };
}
