import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/** One of a member's passkeys (WebAuthn credentials, issue 35): the public half only. */
export class Passkey extends Model<InferAttributes<Passkey>, InferCreationAttributes<Passkey>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  /** base64url, as the authenticator gave it. */
  declare credentialId: string;
  declare publicKey: Buffer;
  declare signCount: number;
  /** Comma-separated transports (`internal,hybrid`), a hint for the browser. */
  declare transports: CreationOptional<string>;
  declare name: string;
  declare backedUp: CreationOptional<boolean>;
  declare createdAt: CreationOptional<Date>;
  declare lastUsedAt: CreationOptional<Date | null>;
}

/** A challenge handed out for a registration (`userId` set) or a sign-in, used at most once. */
export class PasskeyChallenge extends Model<InferAttributes<PasskeyChallenge>, InferCreationAttributes<PasskeyChallenge>> {
  declare id: CreationOptional<number>;
  declare challenge: string;
  declare purpose: 'register' | 'signIn';
  declare userId: number | null;
  declare expiresAt: Date;
}

export function initPasskeyModels(sequelize: Sequelize): { Passkey: typeof Passkey; PasskeyChallenge: typeof PasskeyChallenge } {
  Passkey.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      userId: { type: DataTypes.BIGINT, allowNull: false },
      credentialId: { type: DataTypes.STRING(400), allowNull: false },
      publicKey: { type: DataTypes.BLOB, allowNull: false },
      // BIGINT comes back as a string from mysql2: the counter is compared as a number.
      signCount: { type: DataTypes.BIGINT, allowNull: false, defaultValue: 0, get(this: Passkey) { return Number(this.getDataValue('signCount')); } },
      transports: { type: DataTypes.STRING(200), allowNull: false, defaultValue: '' },
      name: { type: DataTypes.STRING(100), allowNull: false },
      backedUp: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      createdAt: DataTypes.DATE(3),
      lastUsedAt: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
    },
    { sequelize, tableName: 'passkeys', modelName: 'Passkey', underscored: true, updatedAt: false },
  );
  PasskeyChallenge.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      challenge: { type: DataTypes.STRING(100), allowNull: false },
      purpose: { type: DataTypes.STRING(16), allowNull: false },
      userId: { type: DataTypes.BIGINT, allowNull: true },
      expiresAt: { type: DataTypes.DATE(3), allowNull: false },
    },
    { sequelize, tableName: 'passkey_challenges', modelName: 'PasskeyChallenge', underscored: true, timestamps: false },
  );
  return { Passkey, PasskeyChallenge };
}
