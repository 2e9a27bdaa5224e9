import type { CommentItem } from '@hiraku/shared';
import type { Comment } from '../models';
import { commentAbilities } from '../policies/comment';
import type { Viewer } from '../policies/viewer';
import type { Storage } from '../storage/storage';
import { commentFacts, containsMutedWord } from '../visibility';

/** What presentComment reads: a Comment with its author and profile (`COMMENT_INCLUDE`), or one just written. */
export type CommentSource = Pick<Comment, 'id' | 'text' | 'createdAt' | 'authorId' | 'hiddenAt' | 'deletedAt'> & {
  author?: { publicId: string; suspendedAt: Date | null; profile?: { username: string; iconKey: string | null } | null };
};

/** A comment as the comment section shows it. */
export function presentComment(
  comment: CommentSource,
  { viewer, storage, mutedWords = [] }: { viewer: Viewer; storage: Pick<Storage, 'url'>; mutedWords?: readonly string[] },
): CommentItem {
  const { read: _read, ...abilities } = commentAbilities(viewer, commentFacts(comment));
  const profile = comment.author?.profile ?? null;
  return {
    _id: comment.id,
    text: comment.text,
    publicId: comment.author?.publicId ?? '',
    userProfile: profile ? { username: profile.username, icon: profile.iconKey ? storage.url(profile.iconKey) : null } : null,
    createdAt: comment.createdAt.toISOString(),
    isHidden: comment.hiddenAt !== null,
    // One's own comments are never collapsed: one wrote them.
    mutedWord: viewer !== null && viewer.id !== comment.authorId && containsMutedWord(comment.text, mutedWords),
    abilities,
  };
}
