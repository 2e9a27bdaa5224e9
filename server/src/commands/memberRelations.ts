import { foldForMatching } from '@hiraku/search';
import { LIMITS, MUTED_WORD_DURATION_DAYS, TEXTS, type BlockList, type MuteList, type MutedWordItem, type MutedWordList, type MutedWordDuration } from '@hiraku/shared';
import { Op, type Sequelize, type Transaction } from 'sequelize';
import { AppError, conflict, notFound, validationError } from '../errors';
import type { Models, MutedWord } from '../models';
import { isInForce, mutedWordPattern } from '../visibility';
import { removeFollowsBetween } from './follows';

/**
 * Block, mute and muted words: each member's own lists. Every write runs in the caller's
 * transaction with the member's row locked, so two tabs cannot together pass a limit. What the
 * relations hide is the visibility module's business (visibility/relations.ts).
 */

type RelationModels = Pick<Models, 'User' | 'Profile' | 'Block' | 'Mute' | 'MutedWord'>;
type Options = { transaction: Transaction };

const t = TEXTS.safety;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The other member by public id; 404 for nobody, and the same 404 for a member who blocked the viewer
 * (issue 35: the answer must not tell them the blocker exists).
 */
async function otherMember(models: RelationModels, publicId: string, viewerId: number, options: Options): Promise<number> {
  const member = await models.User.findOne({ where: { publicId }, attributes: ['id'], transaction: options.transaction });
  if (!member) throw notFound(t.memberNotFound);
  const blockedBy = await models.Block.findOne({ where: { blockerId: member.id, blockedId: viewerId }, attributes: ['blockerId'], transaction: options.transaction });
  if (blockedBy) throw notFound(t.memberNotFound);
  return member.id;
}

async function lockMember(models: RelationModels, userId: number, { transaction }: Options): Promise<void> {
  await models.User.findByPk(userId, { attributes: ['id'], transaction, lock: transaction.LOCK.UPDATE });
}

/** Blocks `publicId`; blocking again changes nothing. Oneself: 400; beyond LIMITS.blocksMax: 409. */
export async function blockMember(models: RelationModels, { viewerId, publicId }: { viewerId: number; publicId: string }, options: Options): Promise<void> {
  const otherId = await otherMember(models, publicId, viewerId, options);
  if (otherId === viewerId) throw validationError(t.blockSelf);
  await lockMember(models, viewerId, options);
  if (await models.Block.findOne({ where: { blockerId: viewerId, blockedId: otherId }, attributes: ['blockerId'], transaction: options.transaction })) return;
  if ((await models.Block.count({ where: { blockerId: viewerId }, transaction: options.transaction })) >= LIMITS.blocksMax) throw conflict(t.tooManyBlocks);
  await models.Block.create({ blockerId: viewerId, blockedId: otherId }, options);
  // Issue 36: a block ends follows and requests both ways (followMember refuses new ones).
  await removeFollowsBetween(models.User.sequelize as Sequelize, viewerId, otherId, options);
}

export async function unblockMember(models: RelationModels, { viewerId, publicId }: { viewerId: number; publicId: string }, options: Options): Promise<void> {
  // One's own block always goes; otherwise the answers of otherMember (404 for nobody and for a blocker).
  const member = await models.User.findOne({ where: { publicId }, attributes: ['id'], transaction: options.transaction });
  const removed = member ? await models.Block.destroy({ where: { blockerId: viewerId, blockedId: member.id }, transaction: options.transaction }) : 0;
  if (removed === 0) await otherMember(models, publicId, viewerId, options);
}

/** Mutes `publicId` until `until` (null: until lifted); muting again replaces the end. */
export async function muteMember(
  models: RelationModels,
  { viewerId, publicId, until, now }: { viewerId: number; publicId: string; until: Date | null; now: Date },
  options: Options,
): Promise<void> {
  const otherId = await otherMember(models, publicId, viewerId, options);
  if (otherId === viewerId) throw validationError(t.muteSelf);
  if (until !== null && until <= now) throw validationError(t.muteUntilPast, { until: t.muteUntilPast });
  await lockMember(models, viewerId, options);
  const existing = await models.Mute.findOne({ where: { muterId: viewerId, mutedId: otherId }, transaction: options.transaction });
  if (existing) {
    await existing.update({ until }, options);
    return;
  }
  if ((await models.Mute.count({ where: { muterId: viewerId }, transaction: options.transaction })) >= LIMITS.mutesMax) throw conflict(t.tooManyMutes);
  await models.Mute.create({ muterId: viewerId, mutedId: otherId, until }, options);
}

export async function unmuteMember(models: RelationModels, { viewerId, publicId }: { viewerId: number; publicId: string }, options: Options): Promise<void> {
  const member = await models.User.findOne({ where: { publicId }, attributes: ['id'], transaction: options.transaction });
  const removed = member ? await models.Mute.destroy({ where: { muterId: viewerId, mutedId: member.id }, transaction: options.transaction }) : 0;
  if (removed === 0) await otherMember(models, publicId, viewerId, options);
}

function related(user: { publicId: string; profile?: { username: string } | null }, createdAt: Date) {
  return { publicId: user.publicId, username: user.profile?.username ?? null, createdAt: createdAt.toISOString() };
}

/** The members `viewerId` blocks, newest first. */
export async function listBlocks(models: RelationModels, viewerId: number): Promise<BlockList> {
  const rows = await models.Block.findAll({ where: { blockerId: viewerId }, order: [['createdAt', 'DESC']] });
  const members = await membersById(models, rows.map((row) => row.blockedId));
  return { members: rows.flatMap((row) => (members.has(row.blockedId) ? [related(members.get(row.blockedId)!, row.createdAt)] : [])) };
}

/** The members `viewerId` mutes now (ended mutes are left out), newest first. */
export async function listMutes(models: RelationModels, viewerId: number, now: Date): Promise<MuteList> {
  const rows = await models.Mute.findAll({
    where: { muterId: viewerId, [Op.or]: [{ until: null }, { until: { [Op.gt]: now } }] },
    order: [['createdAt', 'DESC']],
  });
  const members = await membersById(models, rows.map((row) => row.mutedId));
  return {
    members: rows.flatMap((row) =>
      members.has(row.mutedId) ? [{ ...related(members.get(row.mutedId)!, row.createdAt), until: row.until?.toISOString() ?? null }] : [],
    ),
  };
}

async function membersById(models: RelationModels, ids: number[]) {
  if (ids.length === 0) return new Map<number, { publicId: string; profile?: { username: string } | null }>();
  const users = await models.User.findAll({
    where: { id: { [Op.in]: ids } },
    attributes: ['id', 'publicId'],
    include: [{ model: models.Profile, as: 'profile', attributes: ['username'], required: false }],
  });
  return new Map(users.map((user) => [user.id, user]));
}

export function presentMutedWord(word: MutedWord): MutedWordItem {
  return { id: word.id, word: word.word, expiresAt: word.expiresAt?.toISOString() ?? null, createdAt: word.createdAt.toISOString() };
}

/** The words `viewerId` mutes now, newest first; ended ones are removed on the way. */
export async function listMutedWords(models: RelationModels, viewerId: number, now: Date): Promise<MutedWordList> {
  const words = await models.MutedWord.findAll({ where: { userId: viewerId }, order: [['createdAt', 'DESC'], ['id', 'DESC']] });
  return { words: words.filter((word) => isInForce(word.expiresAt, now)).map(presentMutedWord) };
}

/**
 * Mutes `word` for `expiresIn`. The same word (folded) again replaces its expiry rather than adding a
 * second row; ended words do not count towards LIMITS.mutedWordsMax and are removed here.
 */
export async function addMutedWord(
  models: RelationModels,
  { viewerId, word, expiresIn, now }: { viewerId: number; word: string; expiresIn: MutedWordDuration; now: Date },
  options: Options,
): Promise<MutedWord> {
  const folded = foldForMatching(word);
  // Folding may change the length (NFKC): the stored form must stay within the limit the schema checked.
  if (Array.from(folded).length < LIMITS.mutedWordMin || Array.from(folded).length > LIMITS.mutedWordMax) {
    throw validationError(t.wordLength, { word: t.wordLength });
  }
  const days = MUTED_WORD_DURATION_DAYS[expiresIn];
  const expiresAt = days === null ? null : new Date(now.getTime() + days * DAY_MS);
  await lockMember(models, viewerId, options);
  await models.MutedWord.destroy({ where: { userId: viewerId, expiresAt: { [Op.lte]: now } }, transaction: options.transaction });
  const existing = await models.MutedWord.findOne({ where: { userId: viewerId, folded }, transaction: options.transaction });
  if (existing) return existing.update({ word, expiresAt }, options);
  if ((await models.MutedWord.count({ where: { userId: viewerId }, transaction: options.transaction })) >= LIMITS.mutedWordsMax) {
    throw new AppError(409, 'conflict', t.tooManyWords);
  }
  return models.MutedWord.create({ userId: viewerId, word, folded, pattern: mutedWordPattern(folded), expiresAt }, options);
}

export async function removeMutedWord(models: RelationModels, { viewerId, id }: { viewerId: number; id: number }, options: Options): Promise<void> {
  const removed = await models.MutedWord.destroy({ where: { id, userId: viewerId }, transaction: options.transaction });
  if (removed === 0) throw notFound(t.wordNotFound);
}
