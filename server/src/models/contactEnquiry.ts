import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import type { User } from './user';
import { LIMITS } from '@hiraku/shared';

/** The operators' copy of an enquiry sent from the contact form. */
export class ContactEnquiry extends Model<InferAttributes<ContactEnquiry>, InferCreationAttributes<ContactEnquiry>> {
  declare id: CreationOptional<number>;
  /** The signed-in sender, if any; kept as null once that account is deleted. */
  declare userId: CreationOptional<number | null>;
  declare category: string;
  declare name: CreationOptional<string | null>;
  declare email: CreationOptional<string | null>;
  declare content: string;
  declare createdAt: CreationOptional<Date>;
  /** When an operator marked it handled (null: still open), and who. */
  declare handledAt: CreationOptional<Date | null>;
  declare handledBy: CreationOptional<number | null>;

  declare user?: NonAttribute<User | null>;
}

export function initContactEnquiry(sequelize: Sequelize): typeof ContactEnquiry {
  ContactEnquiry.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      userId: { type: DataTypes.BIGINT, allowNull: true, defaultValue: null },
      category: { type: DataTypes.STRING(50), allowNull: false },
      name: { type: DataTypes.STRING(100), allowNull: true, defaultValue: null },
      email: { type: DataTypes.STRING(LIMITS.emailMax), allowNull: true, defaultValue: null },
      content: { type: DataTypes.TEXT, allowNull: false },
      createdAt: DataTypes.DATE(3),
      handledAt: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
      handledBy: { type: DataTypes.BIGINT, allowNull: true, defaultValue: null },
    },
    { sequelize, tableName: 'contact_enquiries', modelName: 'ContactEnquiry', underscored: true, updatedAt: false },
  );
  return ContactEnquiry;
}
