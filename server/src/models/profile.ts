import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import type { Tag } from './tag';
import type { User } from './user';
import { LIMITS } from '@hiraku/shared';

export class Profile extends Model<InferAttributes<Profile>, InferCreationAttributes<Profile>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  declare username: string;
  /** Storage key of the icon image, not a URL: presenters turn it into one. */
  declare iconKey: CreationOptional<string | null>;
  declare genderTagId: CreationOptional<number | null>;
  declare sexualOrientationTagId: CreationOptional<number | null>;
  declare roleTagId: CreationOptional<number | null>;
  /** Without the leading "@". */
  declare twitterId: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare user?: NonAttribute<User>;
  declare gender?: NonAttribute<Tag | null>;
  declare sexualOrientation?: NonAttribute<Tag | null>;
  declare role?: NonAttribute<Tag | null>;
}

export function initProfile(sequelize: Sequelize): typeof Profile {
  Profile.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      userId: { type: DataTypes.BIGINT, allowNull: false },
      username: { type: DataTypes.STRING(LIMITS.usernameMax), allowNull: false },
      iconKey: { type: DataTypes.STRING(255), allowNull: true, defaultValue: null },
      genderTagId: { type: DataTypes.BIGINT, allowNull: true, defaultValue: null },
      sexualOrientationTagId: { type: DataTypes.BIGINT, allowNull: true, defaultValue: null },
      roleTagId: { type: DataTypes.BIGINT, allowNull: true, defaultValue: null },
      twitterId: { type: DataTypes.STRING(LIMITS.twitterIdMax), allowNull: true, defaultValue: null },
      createdAt: DataTypes.DATE(3),
      updatedAt: DataTypes.DATE(3),
    },
    { sequelize, tableName: 'profiles', modelName: 'Profile', underscored: true },
  );
  return Profile;
}
