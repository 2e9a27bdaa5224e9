import type { Sequelize } from 'sequelize';
import { AnalyticsDaily, initAnalyticsDaily } from './analyticsDaily';
import { AnalyticsEvent, initAnalyticsEvent } from './analyticsEvent';
import { AuditLog, initAuditLog } from './auditLog';
import { Category, initCategory } from './category';
import { Comment, initComment } from './comment';
import { CaseNote, initCaseNote } from './caseNote';
import { initNoticeTemplate, NoticeTemplate } from './noticeTemplate';
import { ContactEnquiry, initContactEnquiry } from './contactEnquiry';
import { DeletedAccount, initDeletedAccount } from './deletedAccount';
import { Flag, initFlag } from './flag';
import { initLike, Like } from './like';
import { initMailOutboxEntry, MailOutboxEntry } from './mailOutboxEntry';
import { initModerationCase, ModerationCase } from './moderationCase';
import { Announcement, initNotificationModels, Notification, NotificationOutboxEntry } from './notification';
import { Collection, CollectionReport, initSaveModels, Save } from './saves';
import { Block, initMemberRelations, Mute, MutedWord } from './memberRelations';
import { initOneTimeToken, OneTimeToken } from './oneTimeToken';
import { EmailChange, initEmailChange } from './emailChange';
import { initProfile, Profile } from './profile';
import { initRecoveryCode, RecoveryCode } from './recoveryCode';
import { initPasskeyModels, Passkey, PasskeyChallenge } from './passkey';
import { initRefreshToken, RefreshToken } from './refreshToken';
import { initReport, Report } from './report';
import { initReportAutosave, ReportAutosave } from './reportAutosave';
import { initReportStep, ReportStep } from './reportStep';
import { initReportTag, ReportTag } from './reportTag';
import { initReportTool, ReportTool } from './reportTool';
import { initSearchOutboxEntry, SearchOutboxEntry } from './searchOutboxEntry';
import { initSearchQuery, SearchQuery } from './searchQuery';
import { initStrike, Strike } from './strike';
import { initSessionFamily, SessionFamily } from './sessionFamily';
import { initTakedownRequest, TakedownRequest } from './takedownRequest';
import { initTag, Tag } from './tag';
import { initUser, User } from './user';
import { BlockedEmailHash, DisclosureRecord, ImageFingerprint, initGuardRecords } from './guardRecords';

export { AnalyticsDaily, ANALYTICS_METRICS, type AnalyticsMetric } from './analyticsDaily';
export { AnalyticsEvent } from './analyticsEvent';
export { AuditLog } from './auditLog';
export { Category } from './category';
export { Comment } from './comment';
export { CaseNote } from './caseNote';
export { NoticeTemplate } from './noticeTemplate';
export { Flag } from './flag';
export { ModerationCase } from './moderationCase';
export { Strike } from './strike';
export { EmailChange } from './emailChange';
export { ContactEnquiry } from './contactEnquiry';
export { DeletedAccount } from './deletedAccount';
export { Like } from './like';
export { Block, Mute, MutedWord } from './memberRelations';
export { MailOutboxEntry, MAIL_KINDS, type MailKind } from './mailOutboxEntry';
export { Announcement, Notification, NotificationOutboxEntry } from './notification';
export { OneTimeToken, ONE_TIME_TOKEN_PURPOSES, type OneTimeTokenPurpose } from './oneTimeToken';
export { Profile } from './profile';
export { RecoveryCode } from './recoveryCode';
export { Passkey, PasskeyChallenge } from './passkey';
export { SessionFamily } from './sessionFamily';
export { TakedownRequest } from './takedownRequest';
export { RefreshToken } from './refreshToken';
export { Report } from './report';
export { ReportAutosave } from './reportAutosave';
export { ReportStep } from './reportStep';
export { ReportTag, REPORT_TAG_KINDS, type ReportTagKind } from './reportTag';
export { ReportTool } from './reportTool';
export { SearchOutboxEntry, SEARCH_OUTBOX_OPERATIONS, type SearchOutboxOperation } from './searchOutboxEntry';
export { SearchQuery } from './searchQuery';
export { Tag } from './tag';
export { User, USER_ROLES, type UserRole } from './user';
export { Collection, CollectionReport, Save } from './saves';
export { BlockedEmailHash, DisclosureRecord, ImageFingerprint, DISCLOSURE_KINDS, type DisclosureKind } from './guardRecords';
export type { JsonObject, JsonValue } from './json';

export interface Models {
  User: typeof User;
  Profile: typeof Profile;
  Category: typeof Category;
  Tag: typeof Tag;
  Report: typeof Report;
  ReportTool: typeof ReportTool;
  ReportStep: typeof ReportStep;
  ReportTag: typeof ReportTag;
  Like: typeof Like;
  Comment: typeof Comment;
  ModerationCase: typeof ModerationCase;
  Flag: typeof Flag;
  CaseNote: typeof CaseNote;
  NoticeTemplate: typeof NoticeTemplate;
  Strike: typeof Strike;
  RefreshToken: typeof RefreshToken;
  OneTimeToken: typeof OneTimeToken;
  EmailChange: typeof EmailChange;
  ContactEnquiry: typeof ContactEnquiry;
  AnalyticsEvent: typeof AnalyticsEvent;
  AnalyticsDaily: typeof AnalyticsDaily;
  AuditLog: typeof AuditLog;
  SearchOutboxEntry: typeof SearchOutboxEntry;
  MailOutboxEntry: typeof MailOutboxEntry;
  SearchQuery: typeof SearchQuery;
  DeletedAccount: typeof DeletedAccount;
  NotificationOutboxEntry: typeof NotificationOutboxEntry;
  Notification: typeof Notification;
  Announcement: typeof Announcement;
  Block: typeof Block;
  Mute: typeof Mute;
  MutedWord: typeof MutedWord;
  RecoveryCode: typeof RecoveryCode;
  Passkey: typeof Passkey;
  PasskeyChallenge: typeof PasskeyChallenge;
  SessionFamily: typeof SessionFamily;
  TakedownRequest: typeof TakedownRequest;
  Save: typeof Save;
  Collection: typeof Collection;
  CollectionReport: typeof CollectionReport;
  ImageFingerprint: typeof ImageFingerprint;
  BlockedEmailHash: typeof BlockedEmailHash;
  DisclosureRecord: typeof DisclosureRecord;
  ReportAutosave: typeof ReportAutosave;
}

/**
 * Binds every model class to `sequelize` and wires the associations. The classes are module-level
 * singletons, so the latest call wins: one database per process (per Jest test file). Never call
 * sync(): the migrations own the schema.
 */
export function initModels(sequelize: Sequelize): Models {
  const models: Models = {
    User: initUser(sequelize),
    Profile: initProfile(sequelize),
    Category: initCategory(sequelize),
    Tag: initTag(sequelize),
    Report: initReport(sequelize),
    ReportTool: initReportTool(sequelize),
    ReportStep: initReportStep(sequelize),
    ReportTag: initReportTag(sequelize),
    Like: initLike(sequelize),
    Comment: initComment(sequelize),
    ModerationCase: initModerationCase(sequelize),
    Flag: initFlag(sequelize),
    CaseNote: initCaseNote(sequelize),
    NoticeTemplate: initNoticeTemplate(sequelize),
    Strike: initStrike(sequelize),
    RefreshToken: initRefreshToken(sequelize),
    OneTimeToken: initOneTimeToken(sequelize),
    EmailChange: initEmailChange(sequelize),
    ContactEnquiry: initContactEnquiry(sequelize),
    AnalyticsEvent: initAnalyticsEvent(sequelize),
    AnalyticsDaily: initAnalyticsDaily(sequelize),
    AuditLog: initAuditLog(sequelize),
    SearchOutboxEntry: initSearchOutboxEntry(sequelize),
    MailOutboxEntry: initMailOutboxEntry(sequelize),
    SearchQuery: initSearchQuery(sequelize),
    DeletedAccount: initDeletedAccount(sequelize),
    ...initNotificationModels(sequelize),
    ...initSaveModels(sequelize),
    ...initMemberRelations(sequelize),
    RecoveryCode: initRecoveryCode(sequelize),
    ...initPasskeyModels(sequelize),
    SessionFamily: initSessionFamily(sequelize),
    TakedownRequest: initTakedownRequest(sequelize),
    ...initGuardRecords(sequelize),
    ReportAutosave: initReportAutosave(sequelize),
  };
  associate(models);
  return models;
}

function associate(m: Models): void {
  m.User.hasOne(m.Profile, { as: 'profile', foreignKey: 'userId' });
  m.Profile.belongsTo(m.User, { as: 'user', foreignKey: 'userId' });
  m.Profile.belongsTo(m.Tag, { as: 'gender', foreignKey: 'genderTagId' });
  m.Profile.belongsTo(m.Tag, { as: 'sexualOrientation', foreignKey: 'sexualOrientationTagId' });
  m.Profile.belongsTo(m.Tag, { as: 'role', foreignKey: 'roleTagId' });

  m.Category.hasMany(m.Tag, { as: 'tags', foreignKey: 'categoryId' });
  m.Tag.belongsTo(m.Category, { as: 'category', foreignKey: 'categoryId' });
  m.Tag.belongsTo(m.Tag, { as: 'parent', foreignKey: 'parentId' });
  m.Tag.hasMany(m.Tag, { as: 'children', foreignKey: 'parentId' });

  m.User.hasMany(m.Report, { as: 'reports', foreignKey: 'authorId' });
  m.Report.belongsTo(m.User, { as: 'author', foreignKey: 'authorId' });
  m.Report.belongsTo(m.Tag, { as: 'gender', foreignKey: 'genderTagId' });
  m.Report.belongsTo(m.Tag, { as: 'sexualOrientation', foreignKey: 'sexualOrientationTagId' });
  m.Report.belongsTo(m.Tag, { as: 'role', foreignKey: 'roleTagId' });
  m.Report.hasMany(m.ReportTool, { as: 'tools', foreignKey: 'reportId' });
  m.ReportTool.belongsTo(m.Report, { as: 'report', foreignKey: 'reportId' });
  m.Report.hasMany(m.ReportStep, { as: 'steps', foreignKey: 'reportId' });
  m.ReportStep.belongsTo(m.Report, { as: 'report', foreignKey: 'reportId' });

  m.Report.hasMany(m.ReportTag, { as: 'reportTags', foreignKey: 'reportId' });
  m.ReportTag.belongsTo(m.Report, { as: 'report', foreignKey: 'reportId' });
  m.ReportTag.belongsTo(m.Tag, { as: 'tag', foreignKey: 'tagId' });
  m.Tag.hasMany(m.ReportTag, { as: 'reportTags', foreignKey: 'tagId' });
  // One link table, two lists: the scope keeps play categories and play contents apart.
  m.Report.belongsToMany(m.Tag, {
    as: 'playCategories',
    through: { model: m.ReportTag, scope: { kind: 'playCategory' }, unique: false },
    foreignKey: 'reportId',
    otherKey: 'tagId',
  });
  m.Report.belongsToMany(m.Tag, {
    as: 'playContents',
    through: { model: m.ReportTag, scope: { kind: 'playContent' }, unique: false },
    foreignKey: 'reportId',
    otherKey: 'tagId',
  });

  m.Report.hasMany(m.Like, { as: 'likes', foreignKey: 'reportId' });
  m.Like.belongsTo(m.Report, { as: 'report', foreignKey: 'reportId' });
  m.User.hasMany(m.Like, { as: 'likes', foreignKey: 'userId' });
  m.Like.belongsTo(m.User, { as: 'user', foreignKey: 'userId' });

  m.Report.hasMany(m.Comment, { as: 'comments', foreignKey: 'reportId' });
  m.Comment.belongsTo(m.Report, { as: 'report', foreignKey: 'reportId' });
  m.User.hasMany(m.Comment, { as: 'comments', foreignKey: 'authorId' });
  m.Comment.belongsTo(m.User, { as: 'author', foreignKey: 'authorId' });

  m.ModerationCase.hasMany(m.Flag, { as: 'flags', foreignKey: 'caseId' });
  m.Flag.belongsTo(m.ModerationCase, { as: 'case', foreignKey: 'caseId' });
  m.Flag.belongsTo(m.User, { as: 'flagger', foreignKey: 'flaggerId' });
  m.ModerationCase.hasMany(m.CaseNote, { as: 'notes', foreignKey: 'caseId' });
  m.CaseNote.belongsTo(m.User, { as: 'author', foreignKey: 'authorId' });
  m.ModerationCase.belongsTo(m.User, { as: 'author', foreignKey: 'authorId' });
  m.ModerationCase.belongsTo(m.User, { as: 'claimer', foreignKey: 'claimedBy' });
  m.ModerationCase.belongsTo(m.User, { as: 'decider', foreignKey: 'decidedBy' });
  m.ModerationCase.belongsTo(m.ModerationCase, { as: 'appealOf', foreignKey: 'appealOfCaseId' });

  m.User.hasMany(m.RefreshToken, { as: 'refreshTokens', foreignKey: 'userId' });
  m.RefreshToken.belongsTo(m.User, { as: 'user', foreignKey: 'userId' });
  m.User.hasMany(m.OneTimeToken, { as: 'oneTimeTokens', foreignKey: 'userId' });
  m.OneTimeToken.belongsTo(m.User, { as: 'user', foreignKey: 'userId' });
  m.ContactEnquiry.belongsTo(m.User, { as: 'user', foreignKey: 'userId' });
  m.AuditLog.belongsTo(m.User, { as: 'actor', foreignKey: 'actorId' });
  m.User.hasMany(m.SearchQuery, { as: 'searchQueries', foreignKey: 'userId' });
  m.SearchQuery.belongsTo(m.User, { as: 'user', foreignKey: 'userId' });
}
