import type { CommentItem } from '@hiraku/shared';
import type { Comment } from '../models';
import { commentAbilities } from '../policies/comment';
import type { Viewer } from '../policies/viewer';
import type { Storage } from '../storage/storage';
import { commentFacts } from '../visibility';

/** A comment as the comment section shows it. Expects the author with profile (`COMMENT_INCLUDE`). */
export function presentComment(comment: Comment, { viewer, storage }: { viewer: Viewer; storage: Pick<Storage, 'url'> }): CommentItem {
  const { read: _read, ...abilities } = commentAbilities(viewer, commentFacts(comment));
  const profile = comment.author?.profile ?? null;
  return {
    _id: comment.id,
    text: comment.text,
    publicId: comment.author?.publicId ?? '',
    userProfile: profile ? { username: profile.username, icon: profile.iconKey ? storage.url(profile.iconKey) : null } : null,
    createdAt: comment.createdAt.toISOString(),
    isHidden: comment.hiddenAt !== null,
    abilities,
  };
}
