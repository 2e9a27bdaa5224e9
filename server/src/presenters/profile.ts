import type { PublicProfile, ProfileTagRef } from '@hiraku/shared';
import type { Includeable, WhereOptions } from 'sequelize';
import type { Models, Profile, Tag, User } from '../models';
import type { Storage } from '../storage/storage';

/** A profile loaded with `profileIncludes`: its member's public id and the three tags. */
export type LoadedProfile = Profile & { user: NonNullable<Profile['user']> };

/**
 * The only fields of a profile that leave the server. The member row is read for its public id alone,
 * so an e-mail address or a password hash cannot slip into a response.
 */
export function presentProfile(profile: LoadedProfile, storage: Pick<Storage, 'url'>): PublicProfile {
  return {
    username: profile.username,
    publicId: profile.user.publicId,
    iconUrl: profile.iconKey ? storage.url(profile.iconKey) : null,
    gender: presentTag(profile.gender),
    sexualOrientation: presentTag(profile.sexualOrientation),
    role: presentTag(profile.role),
    twitterId: profile.twitterId ?? null,
  };
}

function presentTag(tag: Tag | null | undefined): ProfileTagRef | null {
  return tag ? { _id: tag.id, name: tag.name } : null;
}

/** What presentProfile reads besides the profile row itself. */
export function profileIncludes(models: Pick<Models, 'User' | 'Tag'>, userWhere: WhereOptions<User> = {}): Includeable[] {
  const tag = (as: 'gender' | 'sexualOrientation' | 'role') => ({ model: models.Tag, as, attributes: ['id', 'name'], required: false });
  return [
    { model: models.User, as: 'user', attributes: ['id', 'publicId'], where: userWhere, required: true },
    tag('gender'),
    tag('sexualOrientation'),
    tag('role'),
  ];
}
