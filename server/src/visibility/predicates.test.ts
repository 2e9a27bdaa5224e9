import type { Viewer } from '../policies/viewer';
import type { CommentFacts, ReportFacts } from './facts';
import { canSeeComment, canSeeReport, isCommentShown, isReportListed } from './predicates';

const author: Viewer = { id: 1, role: 'member' };
const member: Viewer = { id: 2, role: 'member' };
const operator: Viewer = { id: 3, role: 'operator' };
const report = (overrides: Partial<ReportFacts> = {}): ReportFacts => ({
  authorId: 1,
  isDraft: false,
  hiddenAt: null,
  authorSuspended: false,
  audience: 'members',
  viewerFollowsAuthor: false,
  ...overrides,
});
const comment = (overrides: Partial<CommentFacts> = {}): CommentFacts => ({ authorId: 1, hiddenAt: null, deletedAt: null, authorSuspended: false, ...overrides });
const seers = (can: (viewer: Viewer) => boolean) => [null, author, member, operator].map(can);

describe('visibility predicates', () => {
  it('lists a published report of an active member only', () => {
    expect(isReportListed(report())).toBe(true);
    expect(isReportListed(report({ isDraft: true }))).toBe(false);
    expect(isReportListed(report({ hiddenAt: new Date() }))).toBe(false);
    expect(isReportListed(report({ authorSuspended: true }))).toBe(false);
  });

  it('shows a report to [anonymous, author, member, operator] as docs/decisions.md says', () => {
    expect(seers((viewer) => canSeeReport(viewer, report()))).toEqual([true, true, true, true]);
    expect(seers((viewer) => canSeeReport(viewer, report({ isDraft: true })))).toEqual([false, true, false, false]);
    expect(seers((viewer) => canSeeReport(viewer, report({ hiddenAt: new Date() })))).toEqual([false, true, false, true]);
    expect(seers((viewer) => canSeeReport(viewer, report({ authorSuspended: true })))).toEqual([false, true, false, true]);
  });

  it('shows a comment to [anonymous, author, member, operator]; a deleted one to nobody', () => {
    expect(isCommentShown(comment())).toBe(true);
    expect(seers((viewer) => canSeeComment(viewer, comment({ hiddenAt: new Date() })))).toEqual([false, true, false, true]);
    expect(seers((viewer) => canSeeComment(viewer, comment({ authorSuspended: true })))).toEqual([false, true, false, true]);
    expect(seers((viewer) => canSeeComment(viewer, comment({ deletedAt: new Date() })))).toEqual([false, false, false, false]);
  });
});
