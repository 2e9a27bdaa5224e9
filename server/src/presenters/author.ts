import type { AuthorData } from '@hiraku/shared';
import type { User } from '../models';
import type { Storage } from '../storage/storage';

/** The public face of a report's or comment's author: never the e-mail address or internal id. */
export function presentAuthor(author: User | undefined, storage: Pick<Storage, 'url'>): AuthorData {
  const profile = author?.profile ?? null;
  return {
    username: profile?.username ?? null,
    iconUrl: profile?.iconKey ? storage.url(profile.iconKey) : null,
    publicId: author?.publicId ?? '',
  };
}
