import type { QueryInterface } from 'sequelize';
import type { RunnableMigration } from 'umzug';
import * as usersAuth from './0001-users-auth';
import * as taxonomyProfiles from './0002-taxonomy-profiles';
import * as reports from './0003-reports';
import * as social from './0004-social';
import * as ops from './0005-ops';
import * as likesCreatedAtIndex from './0006-likes-created-at-index';
import * as moderation from './0008-moderation';
import * as mailOutbox from './0009-mail-outbox';
import * as analyticsDaily from './0010-analytics-daily';
import * as dropUserLockoutColumns from './0011-drop-user-lockout-columns';
import * as feedKeysetIndexes from './0012-feed-keyset-indexes';
import * as flagsCases from './0014-flags-cases';
import * as memberSafety from './0015-member-safety';
import * as notifications from './0016-notifications';
import * as twoFactorSessions from './0017-two-factor-sessions';
import * as caseOverdueTold from './0019-case-overdue-told';
import * as reportLikeLevels from './0020-report-like-levels';
import * as takedownRequests from './0021-takedown-requests';
import * as operatorIndexes from './0022-operator-indexes';
import * as notificationMarks from './0023-notification-marks';
import * as follows from './0030-follows';
import * as savesCollections from './0035-saves-collections';
import * as contentWarnings from './0040-content-warnings';
import * as reportAutosaves from './0045-report-autosaves';
import * as sessionStrongProof from './0050-session-strong-proof';
import * as passkeys from './0055-passkeys';
import * as contentRemovedForGood from './0060-content-removed-for-good';
import * as reuploadGuard from './0065-reupload-guard';
import * as disclosureRecords from './0066-disclosure-records';
import * as memberStage from './0070-member-stage';
import * as emailChanges from './0071-email-changes';
import * as adminEscalation from './0095-admin-escalation';
import * as noticeTemplates from './0096-notice-templates';
import * as dropNotificationMarks from './0100-drop-notification-marks';

/**
 * Listed by hand rather than globbed: umzug can only require() plain JavaScript, and an explicit list
 * loads the same way under tsx, jest/@swc and any bundler. A test checks the list matches the folder.
 * `SequelizeMeta` records these names: the file names without extension, never to be changed.
 */
export const migrations: RunnableMigration<QueryInterface>[] = [
  { name: '0001-users-auth', ...usersAuth },
  { name: '0002-taxonomy-profiles', ...taxonomyProfiles },
  { name: '0003-reports', ...reports },
  { name: '0004-social', ...social },
  { name: '0005-ops', ...ops },
  { name: '0006-likes-created-at-index', ...likesCreatedAtIndex },
  { name: '0008-moderation', ...moderation },
  { name: '0009-mail-outbox', ...mailOutbox },
  { name: '0010-analytics-daily', ...analyticsDaily },
  { name: '0011-drop-user-lockout-columns', ...dropUserLockoutColumns },
  { name: '0012-feed-keyset-indexes', ...feedKeysetIndexes },
  { name: '0014-flags-cases', ...flagsCases },
  { name: '0015-member-safety', ...memberSafety },
  { name: '0016-notifications', ...notifications },
  { name: '0017-two-factor-sessions', ...twoFactorSessions },
  { name: '0019-case-overdue-told', ...caseOverdueTold },
  { name: '0020-report-like-levels', ...reportLikeLevels },
  { name: '0021-takedown-requests', ...takedownRequests },
  { name: '0022-operator-indexes', ...operatorIndexes },
  { name: '0023-notification-marks', ...notificationMarks },
  { name: '0030-follows', ...follows },
  { name: '0035-saves-collections', ...savesCollections },
  { name: '0040-content-warnings', ...contentWarnings },
  { name: '0045-report-autosaves', ...reportAutosaves },
  { name: '0050-session-strong-proof', ...sessionStrongProof },
  { name: '0055-passkeys', ...passkeys },
  { name: '0060-content-removed-for-good', ...contentRemovedForGood },
  { name: '0065-reupload-guard', ...reuploadGuard },
  { name: '0066-disclosure-records', ...disclosureRecords },
  { name: '0070-member-stage', ...memberStage },
  { name: '0071-email-changes', ...emailChanges },
  { name: '0095-admin-escalation', ...adminEscalation },
  { name: '0096-notice-templates', ...noticeTemplates },
  { name: '0100-drop-notification-marks', ...dropNotificationMarks },
];
