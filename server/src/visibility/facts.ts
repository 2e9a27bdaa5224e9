import type { ReportAudience } from '@hiraku/shared';
import type { Comment, Report, User } from '../models';

/** The facts about a report that decide who may see it. */
export interface ReportFacts {
  authorId: number;
  isDraft: boolean;
  hiddenAt: Date | null;
  authorSuspended: boolean;
  /** 全会員 or フォロワーのみ. */
  audience: ReportAudience;
  /**
   * The viewer these facts were read for is an approved follower of the author: decides a followers-only
   * report only. False when the loader did not ask (facts read for no one, or a members' report), so a
   * forgotten lookup hides rather than shows.
   */
  viewerFollowsAuthor: boolean;
}

/** A stored audience as the facts hold it: anything but 全会員 counts as フォロワーのみ, the narrower. */
export const audienceOf = (stored: string | null | undefined): ReportAudience => (stored === 'members' ? 'members' : 'followers');

/** The facts about a comment that decide who may see it. */
export interface CommentFacts {
  authorId: number;
  hiddenAt: Date | null;
  /** Removed by an operator: gone for everyone, its author and operators included. */
  deletedAt: Date | null;
  authorSuspended: boolean;
}

/**
 * Suspended as far as visibility goes: the stored state, not the clock. A suspension whose `until` has
 * passed keeps the content hidden until it is lifted (by the expiry sweep, or at the member's next
 * login), so every read path, counter and the search index change together, never one before another.
 */
export const isSuspended = (user: Pick<User, 'suspendedAt'>): boolean => user.suspendedAt !== null;

/** A suspension that ended by itself and only waits for the sweep to be lifted. */
export const suspensionHasEnded = (user: Pick<User, 'suspendedAt' | 'suspendedUntil'>, now: Date): boolean =>
  user.suspendedAt !== null && user.suspendedUntil !== null && user.suspendedUntil <= now;

/** A loaded report's facts; the author must be included to know whether they are suspended. */
export function reportFacts(report: Report): ReportFacts {
  if (!report.author) throw new Error(`report ${report.id} was loaded without its author`);
  return {
    authorId: report.authorId,
    isDraft: report.isDraft,
    hiddenAt: report.hiddenAt,
    authorSuspended: isSuspended(report.author),
    audience: audienceOf(report.audience),
    viewerFollowsAuthor: report.viewerFollowsAuthor === true,
  };
}

export function commentFacts(comment: Pick<Comment, 'id' | 'authorId' | 'hiddenAt' | 'deletedAt'> & { author?: Pick<User, 'suspendedAt'> }): CommentFacts {
  if (!comment.author) throw new Error(`comment ${comment.id} was loaded without its author`);
  return { authorId: comment.authorId, hiddenAt: comment.hiddenAt, deletedAt: comment.deletedAt, authorSuspended: isSuspended(comment.author) };
}
