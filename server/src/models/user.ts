import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import type { Profile } from './profile';
import { generatePublicId } from '../auth/publicId';
import { LIMITS, NEW_STAGE_REASONS, SENSITIVE_IMAGE_CHOICES, type NewStageReason, type SensitiveImageChoice } from '@hiraku/shared';

export const USER_ROLES = ['member', 'operator', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export class User extends Model<InferAttributes<User>, InferCreationAttributes<User>> {
  declare id: CreationOptional<number>;
  declare publicId: CreationOptional<string>;
  declare email: string;
  declare passwordHash: string;
  declare emailVerifiedAt: CreationOptional<Date | null>;
  declare role: CreationOptional<UserRole>;
  declare suspendedAt: CreationOptional<Date | null>;
  /** When a suspension ends by itself; null with `suspendedAt` set means until an operator lifts it. */
  declare suspendedUntil: CreationOptional<Date | null>;
  declare tutorialPending: CreationOptional<boolean>;
  /** When the member ticked "18 or older and I accept the terms" at sign-up. */
  declare adultAttestedAt: Date;
  /** The TOTP secret (base32): set when the set-up starts, in use once `totpEnabledAt` is set. */
  declare totpSecret: CreationOptional<string | null>;
  declare totpEnabledAt: CreationOptional<Date | null>;
  /** The 30-second step of the last code accepted; codes of that step or earlier are refused (no replay). */
  declare totpLastStep: CreationOptional<number | null>;
  /** How images labelled センシティブな画像 appear to this member (issue 19, migration 0015). */
  declare sensitiveImages: CreationOptional<SensitiveImageChoice>;
  /** New members (issue 35, commands/memberStage.ts): new until then; null: past the stage. */
  declare newStageUntil: CreationOptional<Date | null>;
  declare newStageReason: CreationOptional<NewStageReason | null>;
  /** When an operator or upheld cases last changed the stage: upheld cases are counted from then. */
  declare stageChangedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare profile?: NonAttribute<Profile | null>;
}

export function initUser(sequelize: Sequelize): typeof User {
  User.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      publicId: { type: DataTypes.STRING(32), allowNull: false, defaultValue: () => generatePublicId() },
      email: { type: DataTypes.STRING(LIMITS.emailMax), allowNull: false },
      passwordHash: { type: DataTypes.STRING(255), allowNull: false },
      emailVerifiedAt: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
      role: { type: DataTypes.ENUM(...USER_ROLES), allowNull: false, defaultValue: 'member' },
      suspendedAt: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
      suspendedUntil: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
      tutorialPending: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      adultAttestedAt: { type: DataTypes.DATE(3), allowNull: false },
      totpSecret: { type: DataTypes.STRING(64), allowNull: true, defaultValue: null },
      totpEnabledAt: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
      totpLastStep: { type: DataTypes.BIGINT, allowNull: true, defaultValue: null },
      sensitiveImages: { type: DataTypes.STRING(8), allowNull: false, defaultValue: 'blur', validate: { isIn: [[...SENSITIVE_IMAGE_CHOICES]] } },
      newStageUntil: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
      newStageReason: { type: DataTypes.STRING(16), allowNull: true, defaultValue: null, validate: { isIn: [[...NEW_STAGE_REASONS]] } },
      stageChangedAt: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
      createdAt: DataTypes.DATE(3),
      updatedAt: DataTypes.DATE(3),
    },
    { sequelize, tableName: 'users', modelName: 'User', underscored: true },
  );
  return User;
}
