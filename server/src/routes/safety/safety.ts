import { TEXTS } from '@hiraku/shared';
import {
  addMutedWord,
  blockMember,
  listBlocks,
  listMutedWords,
  listMutes,
  muteMember,
  presentMutedWord,
  removeMutedWord,
  unblockMember,
  unmuteMember,
} from '../../commands/memberRelations';
import { writeTransaction } from '../../db/transaction';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import type { AppServices } from '../../services';

const t = TEXTS.safety;

/** Block, mute and muted words: the caller's own lists. */
export function safetyHandlers(services: AppServices): EndpointHandlers<KeysOf<'blocks'> | KeysOf<'mutes'> | KeysOf<'mutedWords'> | KeysOf<'sensitiveImages'>> {
  const { models, sequelize } = services;
  const write = <T>(work: Parameters<typeof writeTransaction<T>>[1]) => writeTransaction(sequelize, work);
  return {
    'blocks.list': ({ user }) => listBlocks(models, user.id),
    'blocks.create': async ({ user, params }) => {
      await write((transaction) => blockMember(models, { viewerId: user.id, publicId: params.publicId }, { transaction }));
      return { message: t.blocked };
    },
    'blocks.remove': async ({ user, params }) => {
      await write((transaction) => unblockMember(models, { viewerId: user.id, publicId: params.publicId }, { transaction }));
      return { message: t.unblocked };
    },
    'mutes.list': ({ user }) => listMutes(models, user.id, new Date()),
    'mutes.create': async ({ user, params, body }) => {
      await write((transaction) => muteMember(models, { viewerId: user.id, publicId: params.publicId, until: body.until, now: new Date() }, { transaction }));
      return { message: t.muted };
    },
    'mutes.remove': async ({ user, params }) => {
      await write((transaction) => unmuteMember(models, { viewerId: user.id, publicId: params.publicId }, { transaction }));
      return { message: t.unmuted };
    },
    'mutedWords.list': ({ user }) => listMutedWords(models, user.id, new Date()),
    'mutedWords.create': async ({ user, body }) => {
      const word = await write((transaction) => addMutedWord(models, { viewerId: user.id, word: body.word, expiresIn: body.expiresIn, now: new Date() }, { transaction }));
      return { message: t.wordAdded, word: presentMutedWord(word) };
    },
    'mutedWords.remove': async ({ user, params }) => {
      await write((transaction) => removeMutedWord(models, { viewerId: user.id, id: params.id }, { transaction }));
      return { message: t.wordRemoved };
    },
    // The choice travels with the session member (auth/sessions.ts), so every report answer knows it
    // without a statement of its own; the next request after saving already follows it.
    'sensitiveImages.get': ({ user }) => Promise.resolve({ choice: user.sensitiveImages }),
    'sensitiveImages.update': async ({ user, body }) => {
      await models.User.update({ sensitiveImages: body.choice }, { where: { id: user.id } });
      return { message: TEXTS.image.sensitiveChoiceSaved, choice: body.choice };
    },
  };
}
