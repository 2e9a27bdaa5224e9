import Router from '@koa/router';
import { MESSAGES, PROFILE_MESSAGES, type DashboardStats, type OwnProfile, type ProfileCheckResponse, type ProfileSavedResponse, type PublicProfile } from '@hiraku/shared';
import { loadOwnProfile, removeProfileIcon, saveProfile } from '../../commands/profileUpdater';
import { notFound } from '../../errors';
import { parseInput } from '../../http/validate';
import { formFields, imageUploadBody, uploadedImage } from '../../images/imageUploadBody';
import { requireUser, signedIn } from '../../middlewares/authenticate';
import { presentProfile, profileIncludes, type LoadedProfile } from '../../presenters/profile';
import type { AppServices } from '../../services';
import { deleteProfileImageSchema, profileFormSchema, profileLookupSchema } from './schema';
import { dashboardStats } from './dashboardStats';
import { ACTIVE_MEMBER } from '../../visibility';

/**
 * The member's own profile (read, check, save, remove the icon), the dashboard counters and other
 * members' public profiles. Every write acts on the signed-in member only.
 */
export function profileRoutes(services: AppServices): Router {
  const router = new Router();

  router.get('/profile', signedIn, async (ctx) => {
    const profile = await loadOwnProfile(services, requireUser(ctx).id);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentProfile(profile, services.storage) satisfies OwnProfile;
  });

  router.get('/profile/check', signedIn, async (ctx) => {
    const count = await services.models.Profile.count({ where: { userId: requireUser(ctx).id } });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { hasProfile: count > 0 } satisfies ProfileCheckResponse;
  });

  router.get('/profile/dashboard-stats', signedIn, async (ctx) => {
    const stats = await dashboardStats(services.models, requireUser(ctx).id);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = stats satisfies DashboardStats;
  });

  router.post('/profile/createOrUpdate', signedIn, imageUploadBody({ fileFields: ['icon'] }), async (ctx) => {
    const user = requireUser(ctx);
    const values = parseInput(profileFormSchema, formFields(ctx));
    const profile = await saveProfile(services, user, { values, icon: uploadedImage(ctx, 'icon') });
    ctx.body = { message: MESSAGES.profile.saved, profile: presentProfile(profile, services.storage) } satisfies ProfileSavedResponse;
  });

  router.post('/profile/deleteImage', signedIn, async (ctx) => {
    const { publicId } = parseInput(deleteProfileImageSchema, ctx.request.body ?? {});
    const profile = await removeProfileIcon(services, requireUser(ctx), publicId);
    ctx.body = { message: PROFILE_MESSAGES.iconDeleted, profile: presentProfile(profile, services.storage) } satisfies ProfileSavedResponse;
  });

  // Members only: a profile tells orientation, role and X account, not for the open web.
  router.get('/profile/:publicId', signedIn, async (ctx) => {
    const lookup = profileLookupSchema.safeParse(ctx.params);
    if (!lookup.success) throw notFound(PROFILE_MESSAGES.notFound);
    const profile = await findPublicProfile(services, lookup.data.publicId);
    if (!profile) throw notFound(PROFILE_MESSAGES.notFound);
    ctx.body = presentProfile(profile, services.storage) satisfies PublicProfile;
  });

  return router;
}

/** By public id only; suspended members are not found. */
async function findPublicProfile({ models }: AppServices, publicId: string): Promise<LoadedProfile | null> {
  return models.Profile.findOne({ include: profileIncludes(models, { publicId, ...ACTIVE_MEMBER }) }) as Promise<LoadedProfile | null>;
}
