import { TEXTS, type ProfileFormValues } from '@hiraku/shared';
import { Op, type Transaction } from 'sequelize';
import { AppError, authorizationError, notFound, validationError } from '../errors';
import { newImageKey, processImage, type ProcessedImage } from '../images/imagePipeline';
import type { User } from '../models';
import { profileIncludes, type LoadedProfile } from '../presenters/profile';
import type { AppServices } from '../services';
import { writeTransaction } from '../db/transaction';
import { enqueueReportSearchSync } from './searchOutbox';

type Deps = Pick<AppServices, 'models' | 'sequelize' | 'storage' | 'logger'>;

type ProfileTagField = 'gender' | 'sexualOrientation' | 'role';
const TAG_COLUMNS: Record<ProfileTagField, 'genderTagId' | 'sexualOrientationTagId' | 'roleTagId'> = {
  gender: 'genderTagId',
  sexualOrientation: 'sexualOrientationTagId',
  role: 'roleTagId',
};

export interface ProfileUpdate {
  values: ProfileFormValues;
  /** The bytes of a new icon, or null to keep the current one. */
  icon: Buffer | null;
}

/**
 * Creates or updates the member's own profile. The member comes from the session, never from the request
 * body. A new icon is decoded and re-encoded first (nothing is stored if it is refused), stored under a new
 * key, and the old file is deleted only after the commit; if anything fails the new file is removed again.
 * A rename queues search updates for the member's published reports in the same transaction, because
 * their search documents carry the author's name.
 */
export async function saveProfile(deps: Deps, user: Pick<User, 'id'>, update: ProfileUpdate): Promise<LoadedProfile> {
  const icon = update.icon ? await processIcon(update.icon) : null;
  const newIconKey = icon ? newImageKey('icons', icon.extension) : null;
  let stored = false;

  let replacedKey: string | null;
  try {
    replacedKey = await writeTransaction(deps.sequelize, async (transaction) => {
      const { models } = deps;
      // Locking the member row serialises two saves of the same member, including two first saves.
      await models.User.findByPk(user.id, { attributes: ['id'], lock: transaction.LOCK.UPDATE, transaction });
      const tagIds = await checkedTagIds(deps, update.values, transaction);

      if (icon && newIconKey) {
        await storeIcon(deps, newIconKey, icon);
        stored = true;
      }

      const fields = { username: update.values.username, twitterId: update.values.twitterId, ...tagIds };
      const existing = await models.Profile.findOne({ where: { userId: user.id }, transaction });
      if (!existing) {
        await models.Profile.create({ userId: user.id, ...fields, iconKey: newIconKey }, { transaction });
        return null;
      }
      const previousKey = existing.iconKey;
      const renamed = existing.username !== fields.username;
      await existing.update({ ...fields, ...(newIconKey ? { iconKey: newIconKey } : {}) }, { transaction });
      if (renamed) await queueAuthorReindex(deps, user.id, transaction);
      return newIconKey ? previousKey : null;
    });
  } catch (error) {
    if (stored && newIconKey) await deleteQuietly(deps, newIconKey, 'new icon of a failed profile save could not be removed');
    throw error;
  }

  if (replacedKey) await deleteQuietly(deps, replacedKey, 'replaced icon could not be removed');
  return loadOwnProfile(deps, user.id);
}

/**
 * Deletes the member's icon (file and key). `publicId` names whose icon is meant: anyone else's is
 * refused, so a member can never remove another member's picture.
 */
export async function removeProfileIcon(deps: Deps, user: Pick<User, 'id' | 'publicId'>, publicId: string): Promise<LoadedProfile> {
  if (publicId !== user.publicId) throw authorizationError(TEXTS.profile.notOwnIcon);
  const removedKey = await writeTransaction(deps.sequelize, async (transaction) => {
    const profile = await deps.models.Profile.findOne({ where: { userId: user.id }, lock: transaction.LOCK.UPDATE, transaction });
    if (!profile) throw notFound(TEXTS.profile.notFound);
    const key = profile.iconKey;
    if (key) await profile.update({ iconKey: null }, { transaction });
    return key;
  });
  if (removedKey) await deleteQuietly(deps, removedKey, 'removed icon could not be deleted from storage');
  return loadOwnProfile(deps, user.id);
}

export async function loadOwnProfile(deps: Pick<Deps, 'models'>, userId: number): Promise<LoadedProfile> {
  const profile = await deps.models.Profile.findOne({ where: { userId }, include: profileIncludes(deps.models) });
  if (!profile) throw notFound(TEXTS.profile.notFound);
  return profile as LoadedProfile;
}

async function processIcon(data: Buffer): Promise<ProcessedImage> {
  try {
    return await processImage(data, 'icon');
  } catch (error) {
    // Point the form at the icon input.
    if (error instanceof AppError) throw new AppError(error.status, error.code, error.message, { fields: { icon: error.message } });
    throw error;
  }
}

async function storeIcon(deps: Deps, key: string, icon: ProcessedImage): Promise<void> {
  try {
    await deps.storage.put(key, icon.data, icon.contentType);
  } catch (error) {
    deps.logger.error({ err: error, key }, 'icon could not be stored');
    throw new AppError(503, 'internal_error', TEXTS.profile.iconSaveFailed);
  }
}

/**
 * Each chosen tag must exist in its own system category (found by key, as operators may rename it).
 * Read with a shared lock so a tag cannot be deleted between this check and the save.
 */
async function checkedTagIds(deps: Deps, values: ProfileFormValues, transaction: Transaction) {
  const chosen = (Object.keys(TAG_COLUMNS) as ProfileTagField[]).filter((field) => values[field] !== null);
  const ids = chosen.map((field) => values[field] as number);
  const tags = ids.length
    ? await deps.models.Tag.findAll({
        where: { id: { [Op.in]: ids } },
        attributes: ['id'],
        include: [{ model: deps.models.Category, as: 'category', attributes: ['key'], required: true }],
        lock: transaction.LOCK.SHARE,
        transaction,
      })
    : [];
  const categoryOf = new Map(tags.map((tag) => [tag.id, tag.category?.key ?? null]));
  for (const field of chosen) {
    if (categoryOf.get(values[field] as number) !== field) {
      const message = TEXTS.profile.tagInvalid(field);
      throw validationError(message, { [field]: message });
    }
  }
  return {
    genderTagId: values.gender,
    sexualOrientationTagId: values.sexualOrientation,
    roleTagId: values.role,
  };
}

async function queueAuthorReindex(deps: Deps, userId: number, transaction: Transaction): Promise<void> {
  // Drafts have no search document, so there is nothing of theirs to refresh.
  const reports = await deps.models.Report.findAll({ where: { authorId: userId, isDraft: false }, attributes: ['id'], transaction });
  await enqueueReportSearchSync(deps.models, reports.map((report) => report.id), 'upsert', { transaction });
}

/** A file left behind costs some disk; failing a save that already committed would mislead the member. */
async function deleteQuietly(deps: Deps, key: string, logMessage: string): Promise<void> {
  await deps.storage.delete(key).catch((error: unknown) => deps.logger.error({ err: error, key }, logMessage));
}
