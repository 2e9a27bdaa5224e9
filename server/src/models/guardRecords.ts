import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';

/** Issue 38 (migration 0065): the difference hash of a stored report image, blocked once a decision removed it. */
export class ImageFingerprint extends Model<InferAttributes<ImageFingerprint>, InferCreationAttributes<ImageFingerprint>> {
  declare id: CreationOptional<number>;
  declare imageKey: string;
  /** 16 hex digits: images/perceptualHash.ts. */
  declare hash: string;
  declare blockedAt: CreationOptional<Date | null>;
  declare blockedCaseId: CreationOptional<number | null>;
  declare createdAt: CreationOptional<Date>;
}

/** Issue 38 (migration 0065): the keyed hash of a suspended-for-good member's address (commands/emailBlock.ts). */
export class BlockedEmailHash extends Model<InferAttributes<BlockedEmailHash>, InferCreationAttributes<BlockedEmailHash>> {
  declare id: CreationOptional<number>;
  declare emailHash: string;
  declare userId: number | null;
  declare createdAt: CreationOptional<Date>;
}

export const DISCLOSURE_KINDS = ['report', 'comment', 'image', 'signin'] as const;
export type DisclosureKind = (typeof DISCLOSURE_KINDS)[number];

/**
 * Issue 38 (migration 0066): where a post, an upload or a sign-in came from, for 発信者情報開示. Read only
 * by commands/disclosureRecords.ts; never presented to a member.
 */
export class DisclosureRecord extends Model<InferAttributes<DisclosureRecord>, InferCreationAttributes<DisclosureRecord>> {
  declare id: CreationOptional<number>;
  declare kind: DisclosureKind;
  /** The report, the comment, the report an image was uploaded to, or (sign-in) the member's user id. */
  declare targetId: number;
  declare userId: number;
  /** Kept so an export still names the member once their account is gone. */
  declare userPublicId: string;
  declare address: string;
  declare port: number | null;
  declare occurredAt: Date;
}

export function initGuardRecords(sequelize: Sequelize) {
  ImageFingerprint.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      imageKey: { type: DataTypes.STRING(255), allowNull: false },
      hash: { type: DataTypes.CHAR(16), allowNull: false },
      blockedAt: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
      blockedCaseId: { type: DataTypes.BIGINT, allowNull: true, defaultValue: null },
      createdAt: DataTypes.DATE(3),
    },
    { sequelize, tableName: 'image_fingerprints', modelName: 'ImageFingerprint', underscored: true, updatedAt: false },
  );
  BlockedEmailHash.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      emailHash: { type: DataTypes.CHAR(64), allowNull: false },
      userId: { type: DataTypes.BIGINT, allowNull: true, defaultValue: null },
      createdAt: DataTypes.DATE(3),
    },
    { sequelize, tableName: 'blocked_email_hashes', modelName: 'BlockedEmailHash', underscored: true, updatedAt: false },
  );
  DisclosureRecord.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      kind: { type: DataTypes.STRING(16), allowNull: false },
      targetId: { type: DataTypes.BIGINT, allowNull: false },
      userId: { type: DataTypes.BIGINT, allowNull: false },
      userPublicId: { type: DataTypes.STRING(64), allowNull: false },
      address: { type: DataTypes.STRING(45), allowNull: false },
      port: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
      occurredAt: { type: DataTypes.DATE(3), allowNull: false },
    },
    { sequelize, tableName: 'disclosure_records', modelName: 'DisclosureRecord', underscored: true, timestamps: false },
  );
  return { ImageFingerprint, BlockedEmailHash, DisclosureRecord };
}
