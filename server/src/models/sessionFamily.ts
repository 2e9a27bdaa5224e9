import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/**
 * What the sessions list shows of one login (one refresh-token family, auth/sessions.ts). The row stays
 * after its family ends, so that a browser once used counts as seen (the new-browser mail).
 */
export class SessionFamily extends Model<InferAttributes<SessionFamily>, InferCreationAttributes<SessionFamily>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  declare familyId: string;
  declare userAgent: string;
  /** Browser and system, e.g. `chrome/windows` (auth/userAgent.ts). */
  declare deviceLabel: string;
  declare createdAt: CreationOptional<Date>;
  declare lastUsedAt: Date;
  /** When this session last proved who it is: password (+ code) or a passkey (auth/stepUp.ts). */
  declare strongProofAt: CreationOptional<Date | null>;
}

export function initSessionFamily(sequelize: Sequelize): typeof SessionFamily {
  SessionFamily.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      userId: { type: DataTypes.BIGINT, allowNull: false },
      familyId: { type: DataTypes.STRING(36), allowNull: false },
      userAgent: { type: DataTypes.STRING(512), allowNull: false, defaultValue: '' },
      deviceLabel: { type: DataTypes.STRING(64), allowNull: false },
      createdAt: DataTypes.DATE(3),
      lastUsedAt: { type: DataTypes.DATE(3), allowNull: false },
      strongProofAt: { type: DataTypes.DATE(3), allowNull: true },
    },
    { sequelize, tableName: 'session_families', modelName: 'SessionFamily', underscored: true, updatedAt: false },
  );
  return SessionFamily;
}
