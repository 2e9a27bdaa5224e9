import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { OUTBOX_LEASE_ATTRIBUTES } from './outboxLeaseColumns';

/**
 * Something that should notify members, written in the transaction of its cause (a like, a comment, a
 * decision); the notification worker fans it out afterwards (server/src/notifications/fanOut.ts).
 */
export class NotificationOutboxEntry extends Model<InferAttributes<NotificationOutboxEntry>, InferCreationAttributes<NotificationOutboxEntry>> {
  declare id: CreationOptional<number>;
  declare kind: string;
  /** JSON of the event (notifications/events.ts). */
  declare payload: string;
  declare attempts: CreationOptional<number>;
  declare availableAt: CreationOptional<Date>;
  declare lockedBy: CreationOptional<string | null>;
  declare lockedUntil: CreationOptional<Date | null>;
  declare lastError: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
}

/** One notification of one member; a group of likes (per report and day) is one row. */
export class Notification extends Model<InferAttributes<Notification>, InferCreationAttributes<Notification>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  declare kind: string;
  declare reportId: CreationOptional<number | null>;
  declare commentId: CreationOptional<number | null>;
  declare announcementId: CreationOptional<number | null>;
  declare groupKey: CreationOptional<string | null>;
  /** JSON of what the kind needs beyond the columns (a decision's action and target). */
  declare payload: CreationOptional<string | null>;
  /** The outbox row of the latest change: the stream's event id (Last-Event-ID resumes after it). */
  declare eventId: number;
  declare readAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export class Announcement extends Model<InferAttributes<Announcement>, InferCreationAttributes<Announcement>> {
  declare id: CreationOptional<number>;
  declare title: string;
  declare body: string;
  declare authorId: number | null;
  declare createdAt: CreationOptional<Date>;
}

export function initNotificationModels(sequelize: Sequelize) {
  NotificationOutboxEntry.init(
    { ...OUTBOX_LEASE_ATTRIBUTES, kind: { type: DataTypes.STRING(30), allowNull: false }, payload: { type: DataTypes.TEXT, allowNull: false } },
    { sequelize, tableName: 'notification_outbox', modelName: 'NotificationOutboxEntry', underscored: true, updatedAt: false },
  );
  Notification.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      userId: { type: DataTypes.BIGINT, allowNull: false },
      kind: { type: DataTypes.STRING(20), allowNull: false },
      reportId: { type: DataTypes.BIGINT, allowNull: true, defaultValue: null },
      commentId: { type: DataTypes.BIGINT, allowNull: true, defaultValue: null },
      announcementId: { type: DataTypes.BIGINT, allowNull: true, defaultValue: null },
      groupKey: { type: DataTypes.STRING(64), allowNull: true, defaultValue: null },
      payload: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
      eventId: { type: DataTypes.BIGINT, allowNull: false },
      readAt: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
      createdAt: DataTypes.DATE(3),
      updatedAt: DataTypes.DATE(3),
    },
    { sequelize, tableName: 'notifications', modelName: 'Notification', underscored: true },
  );
  Announcement.init(
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      title: { type: DataTypes.STRING(100), allowNull: false },
      body: { type: DataTypes.TEXT, allowNull: false },
      authorId: { type: DataTypes.BIGINT, allowNull: true },
      createdAt: DataTypes.DATE(3),
    },
    { sequelize, tableName: 'announcements', modelName: 'Announcement', underscored: true, updatedAt: false },
  );
  return { NotificationOutboxEntry, Notification, Announcement };
}
