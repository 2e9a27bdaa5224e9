import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { OUTBOX_LEASE_ATTRIBUTES } from './outboxLeaseColumns';
import { LIMITS } from '@hiraku/shared';

export const MAIL_KINDS = ['verification', 'alreadyRegistered', 'passwordReset', 'enquiry', 'decision', 'flagOutcome', 'digest', 'newSignIn', 'secondStepFailed', 'codesLocked', 'takedownConfirm', 'takedownReceipt', 'takedownDecision', 'emailChangeConfirm', 'emailChanged'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * A mail waiting to be sent, written in the same transaction as the change that causes it; the mail
 * worker claims, sends and deletes rows, and retries failures with a growing pause (the lease columns
 * are those of every outbox, outboxLeaseColumns.ts).
 */
export class MailOutboxEntry extends Model<InferAttributes<MailOutboxEntry>, InferCreationAttributes<MailOutboxEntry>> {
  declare id: CreationOptional<number>;
  /** What the mail is, for logs and operators' queries; never used to decide where it goes. */
  declare kind: MailKind;
  declare recipient: string;
  declare replyTo: CreationOptional<string | null>;
  declare subject: string;
  declare body: string;
  /** JSON of extra headers (the digest's List-Unsubscribe and List-Unsubscribe-Post), or null. */
  declare headers: CreationOptional<string | null>;
  declare attempts: CreationOptional<number>;
  declare availableAt: CreationOptional<Date>;
  declare lockedBy: CreationOptional<string | null>;
  declare lockedUntil: CreationOptional<Date | null>;
  declare lastError: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
}

export function initMailOutboxEntry(sequelize: Sequelize): typeof MailOutboxEntry {
  MailOutboxEntry.init(
    {
      ...OUTBOX_LEASE_ATTRIBUTES,
      kind: { type: DataTypes.STRING(30), allowNull: false },
      recipient: { type: DataTypes.STRING(LIMITS.emailMax), allowNull: false },
      replyTo: { type: DataTypes.STRING(LIMITS.emailMax), allowNull: true, defaultValue: null },
      subject: { type: DataTypes.STRING(255), allowNull: false },
      body: { type: DataTypes.TEXT, allowNull: false },
      headers: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    },
    { sequelize, tableName: 'mail_outbox', modelName: 'MailOutboxEntry', underscored: true, updatedAt: false },
  );
  return MailOutboxEntry;
}
