import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@hiraku/shared';
import { endpointQueryKey } from './endpointQuery';

type FeedPage = ResponseOf<'reports.feed'>;
type SearchPage = ResponseOf<'search.reports'>;

/**
 * A like's answer is the truth for every place that shows the report's count: its like box, its detail
 * page, and its card in every cached feed (any sort) and search result. Set from the answer, not refetched, so going back to
 * the list shows the new count where the member left it.
 */
export function setReportLikes(client: QueryClient, reportId: number, answer: ResponseOf<'likes.toggle'>): void {
  const { liked, likeCount } = answer;
  client.setQueryData(endpointQueryKey('likes.get', { params: { reportId } }), { likeCount, isLiked: liked });
  client.setQueryData<ResponseOf<'reports.get'>>(endpointQueryKey('reports.get', { params: { id: reportId } }), (report) =>
    report ? { ...report, likeCount } : report,
  );
  client.setQueriesData<InfiniteData<FeedPage>>({ queryKey: endpointQueryKey('reports.feed') }, (feed) =>
    feed
      ? { ...feed, pages: feed.pages.map((page) => ({ ...page, data: page.data.map((report) => (report._id === reportId ? { ...report, likeCount } : report)) })) }
      : feed,
  );
  client.setQueriesData<InfiniteData<SearchPage>>({ queryKey: endpointQueryKey('search.reports') }, (results) =>
    results
      ? { ...results, pages: results.pages.map((page) => ({ ...page, reports: page.reports.map((report) => (report._id === reportId ? { ...report, likeCount } : report)) })) }
      : results,
  );
}

/**
 * After a report is written, deleted, hidden or shown again: every cached list and page of reports (the
 * feed, the member's own and members' public lists, the dashboard's counts) is read again when next shown.
 */
export function invalidateReports(client: QueryClient): Promise<void> {
  const keys = ['reports.feed', 'reports.get', 'reports.mine', 'reports.byMember', 'search.reports', 'profile.dashboardStats'] as const;
  return Promise.all(keys.map((key) => client.invalidateQueries({ queryKey: endpointQueryKey(key) }))).then(() => undefined);
}

/**
 * A report just created or saved: the server's answer is its page at once (so going back to its page or
 * form never shows the old words, not even while they are read again), and every list is invalidated.
 */
export function setSavedReport(client: QueryClient, report: ResponseOf<'reports.get'>): Promise<void> {
  client.setQueryData(endpointQueryKey('reports.get', { params: { id: report._id } }), report);
  return invalidateReports(client);
}

/** A report just deleted: its cached page goes (going back to it asks the server, which says it is gone), and every list is invalidated. */
export function forgetReport(client: QueryClient, reportId: number): Promise<void> {
  client.removeQueries({ queryKey: endpointQueryKey('reports.get', { params: { id: reportId } }), exact: true });
  return invalidateReports(client);
}

type CommentList = ResponseOf<'comments.list'>;
type CommentItemOf = CommentList[number];

/** The cache key of a report's comments (CommentSection). */
export function commentsKey(reportId: number) {
  return endpointQueryKey('comments.list', { query: { articleId: reportId } });
}

/**
 * A comment written or deleted by the viewer: their list of the report's comments changes from the server's
 * answer at once (a new one on top, newest first), the report page's count moves by one, and the member's
 * own report list (which shows counts) is read again when next shown.
 */
export function setReportComments(client: QueryClient, reportId: number, change: { added: CommentItemOf } | { removedId: number }): void {
  let delta = 0;
  client.setQueryData<CommentList>(commentsKey(reportId), (comments) => {
    if (!comments) return comments;
    if ('added' in change) {
      const rest = comments.filter((comment) => comment._id !== change.added._id);
      delta = rest.length === comments.length ? 1 : 0;
      return [change.added, ...rest];
    }
    const rest = comments.filter((comment) => comment._id !== change.removedId);
    delta = rest.length - comments.length;
    return rest;
  });
  if (delta !== 0) {
    client.setQueryData<ResponseOf<'reports.get'>>(endpointQueryKey('reports.get', { params: { id: reportId } }), (report) =>
      report ? { ...report, commentCount: Math.max(0, report.commentCount + delta) } : report,
    );
  }
  void client.invalidateQueries({ queryKey: endpointQueryKey('reports.mine') });
}

/** After the member saves their profile or removes its icon: their card, public page and the report cards naming them are read again. */
export function invalidateProfile(client: QueryClient): Promise<void> {
  const keys = ['profile.own', 'profile.public', 'profile.check'] as const;
  return Promise.all([...keys.map((key) => client.invalidateQueries({ queryKey: endpointQueryKey(key) })), invalidateReports(client)]).then(() => undefined);
}
