import type { AuditAction, CommentReportResolution, CommentReportStatus, ModerationRole } from './actions';

/** Response shapes of /api/moderation/*. Dates are ISO 8601 strings in UTC. No e-mail address ever. */

/** A member as operators see them (GET /api/moderation/users, and after each action on a member). */
export interface ModeratedMember {
  publicId: string;
  /** Null when the member has not made a profile yet. */
  username: string | null;
  role: ModerationRole;
  /** When the current suspension began; null when the member is not suspended. */
  suspendedAt: string | null;
  /** When the current suspension ends by itself; null with `suspendedAt` set means until lifted. */
  suspendedUntil: string | null;
  /** Every report they wrote except drafts, hidden ones included. */
  reportCount: number;
  /** Every comment they wrote that an operator has not deleted, hidden ones included. */
  commentCount: number;
  createdAt: string;
}

export interface MemberSearchResponse {
  members: ModeratedMember[];
}

/** One member's report of a comment. */
export interface CommentReportEntry {
  reporterPublicId: string;
  reportedAt: string;
  reason: string | null;
  resolvedAt: string | null;
  resolution: CommentReportResolution | null;
}

/** GET /api/moderation/comment-reports: one reported comment with every report on it. */
export interface CommentReportQueueItem {
  /** pending while any report on it is open. */
  status: CommentReportStatus;
  comment: {
    id: number;
    text: string;
    createdAt: string;
    /** Hidden from members (by three reports, or not yet dismissed). */
    isHidden: boolean;
    /** Deleted by an operator. */
    isDeleted: boolean;
  };
  author: { publicId: string; username: string | null; suspended: boolean };
  /** The play report the comment was written on: link to /reports/{id}. */
  report: { id: number; title: string };
  /** Oldest first. */
  reports: CommentReportEntry[];
  reporterCount: number;
}

export interface CommentReportQueuePage {
  items: CommentReportQueueItem[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
  /** Reported comments waiting for an operator (for the menu badge). */
  pendingCount: number;
}

export interface AuditLogEntry {
  id: number;
  action: AuditAction | string;
  /** Null for what the system did by itself (a suspension ending) or once the operator's account is gone. */
  actor: { publicId: string; username: string | null } | null;
  target: { type: string; id: string };
  reason: string | null;
  details: Record<string, unknown> | null;
  createdAt: string;
}

export interface AuditLogPage {
  entries: AuditLogEntry[];
  nextCursor: string | null;
}

/**
 * Every moderation action answers this. `changed` is false when the action had been done already
 * (idempotent: nothing changed and no audit row was written).
 */
export interface ModerationActionResponse {
  message: string;
  changed: boolean;
}

export interface ReportModerationResponse extends ModerationActionResponse {
  report: { id: number; isHidden: boolean };
}

export interface MemberModerationResponse extends ModerationActionResponse {
  member: ModeratedMember;
}

export interface CommentResolutionResponse extends ModerationActionResponse {
  item: CommentReportQueueItem;
}
