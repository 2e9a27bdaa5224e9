// The operators' screens: members never download them unless they open one (and then see OperatorsOnlyPage).
export { CategoryManagerPage } from '../../pages/CategoryManagerPage';
export { TagManagerPage } from '../../pages/TagManagerPage';
export { CaseQueuePage } from '../../moderation/CaseQueuePage';
export { MemberAdminPage } from '../../moderation/MemberAdminPage';
export { AuditLogPage } from '../../moderation/AuditLogPage';
export { NoticeTemplatesPage } from '../../moderation/NoticeTemplatesPage';
export { EnquiriesPage } from '../../moderation/EnquiriesPage';
export { EnquiryDetailPage } from '../../moderation/EnquiryDetailPage';
// The chart library stays out of this chunk: the screen fetches its own the first time it is opened.
export { LazyAnalyticsPage } from '../../moderation/LazyAnalyticsPage';
export { AnnouncementPage } from '../../notifications/AnnouncementPage';
export { loadOperatorMenuItems } from '../../moderation/operatorMenuItems';
