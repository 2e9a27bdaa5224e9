import { TEXTS } from '@hiraku/shared';
import { loadOwnProfile, removeProfileIcon, saveProfile } from '../../commands/profileUpdater';
import { notFound } from '../../errors';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import { presentProfile, profileIncludes, type LoadedProfile } from '../../presenters/profile';
import type { AppServices } from '../../services';
import { ACTIVE_MEMBER, loadRelationTo } from '../../visibility';
import { dashboardStats } from './dashboardStats';

/**
 * The member's own profile (read, check, save, remove the icon), the dashboard counters and other
 * members' public profiles. Every write acts on the signed-in member only.
 */
export function profileHandlers(services: AppServices): EndpointHandlers<KeysOf<'profile'>> {
  // services.storage is read per request, as before: a test swaps in the S3 driver after start-up.
  const { models } = services;
  return {
    'profile.own': async ({ user }) => presentProfile(await loadOwnProfile(services, user.id), services.storage),

    'profile.check': async ({ user }) => ({ hasProfile: (await models.Profile.count({ where: { userId: user.id } })) > 0 }),

    'profile.dashboardStats': ({ user }) => dashboardStats(models, user.id),

    'profile.save': async ({ user, body, files }) => {
      const profile = await saveProfile(services, user, { values: body, icon: files.icon });
      return { message: TEXTS.profile.saved, profile: presentProfile(profile, services.storage) };
    },

    'profile.deleteImage': async ({ user, body }) => {
      const profile = await removeProfileIcon(services, user, body.publicId);
      return { message: TEXTS.profile.iconDeleted, profile: presentProfile(profile, services.storage) };
    },

    'profile.public': async ({ user, params }) => {
      const profile = await findPublicProfile(services, params.publicId);
      if (!profile) throw notFound(TEXTS.profile.notFound);
      // A member who blocked the viewer does not exist for them; the blocker still sees the
      // profile, where the block is lifted.
      if ((await loadRelationTo(services.sequelize, user.id, profile.userId, new Date())).blockedBy) throw notFound(TEXTS.profile.notFound);
      return presentProfile(profile, services.storage);
    },
  };
}

/** By public id only; suspended members are not found. */
async function findPublicProfile({ models }: AppServices, publicId: string): Promise<LoadedProfile | null> {
  return models.Profile.findOne({ include: profileIncludes(models, { publicId, ...ACTIVE_MEMBER }) }) as Promise<LoadedProfile | null>;
}
