import { PAGE_TITLES, MODERATION_TEXTS, NOTIFICATION_TEXTS } from '@hiraku/shared';
import type { ApiClient } from '../api/apiClient';
import { createModerationApi } from '../api/moderationApi';
import { PATHS } from '../routes/paths';
import type { MoreMenuItem } from '../menu/moreMenuItems';

const t = MODERATION_TEXTS;

/** How many cases are open; null when the count cannot be had (the menu then shows none). */
async function pendingCount(client: ApiClient): Promise<number | null> {
  try {
    return (await createModerationApi(client).caseCounts()).open;
  } catch {
    return null;
  }
}

/** The operators' screens as その他 menu entries, the queue with its pending count. */
export async function loadOperatorMenuItems(client: ApiClient): Promise<MoreMenuItem[]> {
  const count = await pendingCount(client);
  return [
    {
      kind: 'link',
      to: PATHS.moderationQueue,
      label: t.titles.queue,
      badge: count === null ? undefined : t.queue.pendingCount(count),
      keywords: ['tsuuhou', 'queue', 'つうほう'],
    },
    { kind: 'link', to: PATHS.memberAdmin, label: t.titles.members, keywords: ['kaiin', 'members', 'かいいん'] },
    { kind: 'link', to: PATHS.auditLog, label: t.titles.auditLog, keywords: ['sousa', 'audit', 'そうさ'] },
    { kind: 'link', to: PATHS.noticeTemplates, label: t.titles.noticeTemplates, keywords: ['teikeibun', 'template', 'ていけいぶん'] },
    { kind: 'link', to: PATHS.enquiries, label: t.titles.enquiries, keywords: ['toiawase', 'contact', 'といあわせ'] },
    { kind: 'link', to: PATHS.analytics, label: t.titles.analytics, keywords: ['akusesu', 'analytics', 'あくせす'] },
    { kind: 'link', to: PATHS.categoryManager, label: PAGE_TITLES.categoryManager, keywords: ['category', 'kategori', 'かてごり'] },
    { kind: 'link', to: PATHS.tagManager, label: PAGE_TITLES.tagManager, keywords: ['tag', 'tagu', 'たぐ'] },
    { kind: 'link', to: PATHS.announcements, label: NOTIFICATION_TEXTS.announcementTitle, keywords: ['oshirase', 'announcement', 'おしらせ'] },
  ];
}
