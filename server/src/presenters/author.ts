import type { AuthorData } from '@hiraku/shared';
import type { Storage } from '../storage/storage';

/** What presentAuthor reads: a User with its profile, or a list card's author (commands/reportCards.ts). */
export interface AuthorSource {
  publicId: string;
  profile?: { username: string; iconKey: string | null } | null;
}

/** The public face of a report's or comment's author: never the e-mail address or internal id. */
export function presentAuthor(author: AuthorSource | undefined, storage: Pick<Storage, 'url'>): AuthorData {
  const profile = author?.profile ?? null;
  return {
    username: profile?.username ?? null,
    iconUrl: profile?.iconKey ? storage.url(profile.iconKey) : null,
    publicId: author?.publicId ?? '',
  };
}
