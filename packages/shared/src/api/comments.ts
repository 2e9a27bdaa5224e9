/** Response shapes of /api/comments. Dates are ISO 8601 strings in UTC. */

export interface CommentAbilities {
  /** The viewer wrote it. */
  delete: boolean;
  /** Signed in and not the viewer's own comment. */
  report: boolean;
}

/** GET /api/comments?articleId= (newest first); POST /api/comments answers one (201). */
export interface CommentItem {
  _id: number;
  text: string;
  /** The author's public id: link to /profile/{publicId}. */
  publicId: string;
  /** Null only if the author has no profile: show COMMON_TEXTS.unknownAuthor and the default icon. */
  userProfile: { username: string; icon: string | null } | null;
  createdAt: string;
  /** Hidden after reports or by an operator; only its author and operators receive hidden comments. */
  isHidden: boolean;
  abilities: CommentAbilities;
}

/** DELETE /api/comments/:id, POST /api/comments/:id/report */
export interface CommentMessageResponse {
  message: string;
}
