// The operators' screens: members never download them unless they open one (and then see OperatorsOnlyPage).
export { CategoryManagerPage } from '../../pages/CategoryManagerPage';
export { TagManagerPage } from '../../pages/TagManagerPage';
export { ModerationQueuePage } from '../../moderation/ModerationQueuePage';
export { MemberAdminPage } from '../../moderation/MemberAdminPage';
export { AuditLogPage } from '../../moderation/AuditLogPage';
export { loadOperatorMenuItems } from '../../moderation/operatorMenuItems';
