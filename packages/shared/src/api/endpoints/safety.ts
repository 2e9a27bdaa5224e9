import { z } from 'zod';
import { LIMITS, MUTED_WORD_DURATIONS } from '../../limits';
import { COMMON_TEXTS } from '../../texts/common';
import { SAFETY_MESSAGES } from '../../texts/safety/messages';
import { IMAGE_MESSAGES } from '../../texts/image';
import { endpoint } from './define';
import { idParam } from './params';
import { profileLookupSchema } from './profile';

const member = { params: profileLookupSchema, notFoundMessage: SAFETY_MESSAGES.memberNotFound } as const;

/** The other member as the 設定 lists show them; username null while they have no profile. */
const relatedMemberSchema = z.object({ publicId: z.string(), username: z.string().nullable(), createdAt: z.string() });

export const blockListSchema = z.object({ members: z.array(relatedMemberSchema) });
export const muteListSchema = z.object({ members: z.array(relatedMemberSchema.extend({ until: z.string().nullable() })) });
export const mutedWordSchema = z.object({ id: z.number().int(), word: z.string(), expiresAt: z.string().nullable(), createdAt: z.string() });
export const mutedWordListSchema = z.object({ words: z.array(mutedWordSchema) });
export const relationChangeSchema = z.object({ message: z.string() });
export const mutedWordAddedSchema = z.object({ message: z.string(), word: mutedWordSchema });

export type BlockList = z.output<typeof blockListSchema>;
export type MuteList = z.output<typeof muteListSchema>;
export type MutedWordItem = z.output<typeof mutedWordSchema>;
export type MutedWordList = z.output<typeof mutedWordListSchema>;

/** `{ until? }`: an ISO time in the future, or nothing for a mute until lifted. */
export const muteInputSchema = z
  .object({ until: z.iso.datetime({ offset: true, error: COMMON_TEXTS.invalidInput }).nullish() }, { error: COMMON_TEXTS.invalidInput })
  .nullish()
  .transform((body) => ({ until: body?.until ? new Date(body.until) : null }));

/** Characters, not UTF-16 units, are counted; blank space around the word is not part of it. */
export const mutedWordInputSchema = z.object(
  {
    word: z
      .string({ error: SAFETY_MESSAGES.wordLength })
      .transform((word) => word.trim())
      .refine((word) => Array.from(word).length >= LIMITS.mutedWordMin && Array.from(word).length <= LIMITS.mutedWordMax, SAFETY_MESSAGES.wordLength),
    expiresIn: z.enum(MUTED_WORD_DURATIONS, { error: SAFETY_MESSAGES.wordDuration }),
  },
  { error: COMMON_TEXTS.invalidInput },
);
export type MutedWordInput = z.input<typeof mutedWordInputSchema>;

/** How the member sees images labelled センシティブな画像; ぼかす unless they choose otherwise. */
export const SENSITIVE_IMAGE_CHOICES = ['show', 'blur', 'hide'] as const;
export type SensitiveImageChoice = (typeof SENSITIVE_IMAGE_CHOICES)[number];
export const sensitiveImageSettingSchema = z.object({ choice: z.enum(SENSITIVE_IMAGE_CHOICES) });
export const sensitiveImageInputSchema = z.object(
  { choice: z.enum(SENSITIVE_IMAGE_CHOICES, { error: IMAGE_MESSAGES.sensitiveChoiceInvalid }) },
  { error: IMAGE_MESSAGES.sensitiveChoiceInvalid },
);
export type SensitiveImageSetting = z.output<typeof sensitiveImageSettingSchema>;
export const sensitiveImageSavedSchema = z.object({ message: z.string(), choice: z.enum(SENSITIVE_IMAGE_CHOICES) });

/** Block, mute and muted words: each member's own, so every call is about the caller. */
export const SAFETY_ENDPOINTS = {
  'blocks.list': endpoint('blocks.list', { access: 'member', response: blockListSchema, cache: 'private', errors: [] }),
  'blocks.create': endpoint('blocks.create', { access: 'member', ...member, response: relationChangeSchema, cache: 'private', errors: ['validation_error', 'conflict'] }),
  'blocks.remove': endpoint('blocks.remove', { access: 'member', ...member, response: relationChangeSchema, cache: 'private', errors: [] }),
  'mutes.list': endpoint('mutes.list', { access: 'member', response: muteListSchema, cache: 'private', errors: [] }),
  'mutes.create': endpoint('mutes.create', {
    access: 'member',
    ...member,
    body: muteInputSchema,
    response: relationChangeSchema,
    cache: 'private',
    errors: ['conflict'],
  }),
  'mutes.remove': endpoint('mutes.remove', { access: 'member', ...member, response: relationChangeSchema, cache: 'private', errors: [] }),
  'mutedWords.list': endpoint('mutedWords.list', { access: 'member', response: mutedWordListSchema, cache: 'private', errors: [] }),
  'mutedWords.create': endpoint('mutedWords.create', {
    access: 'member',
    body: mutedWordInputSchema,
    response: mutedWordAddedSchema,
    status: 201,
    cache: 'private',
    errors: ['conflict'],
  }),
  'mutedWords.remove': endpoint('mutedWords.remove', {
    access: 'member',
    params: z.object({ id: idParam }),
    notFoundMessage: SAFETY_MESSAGES.wordNotFound,
    response: relationChangeSchema,
    cache: 'private',
    errors: [],
  }),
  'sensitiveImages.get': endpoint('sensitiveImages.get', { access: 'member', response: sensitiveImageSettingSchema, cache: 'private', errors: [] }),
  'sensitiveImages.update': endpoint('sensitiveImages.update', {
    access: 'member',
    body: sensitiveImageInputSchema,
    response: sensitiveImageSavedSchema,
    cache: 'private',
    errors: ['validation_error'],
  }),
};
