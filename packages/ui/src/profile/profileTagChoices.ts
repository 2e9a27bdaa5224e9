import type { ProfileTagRef, TagItem } from '@hiraku/shared';

export type ProfileTagKey = 'gender' | 'sexualOrientation' | 'role';

export const PROFILE_TAG_KEYS: readonly ProfileTagKey[] = ['gender', 'sexualOrientation', 'role'];

/**
 * The choices of one profile select: the tags of that system category in display order. A tag the
 * member chose earlier but that is no longer offered stays selectable, so opening the form and saving it
 * unchanged never silently drops what was stored.
 */
export function profileTagChoices(tags: readonly TagItem[], key: ProfileTagKey, current: ProfileTagRef | null): ProfileTagRef[] {
  const choices = tags
    .filter((tag) => tag.category_id?.key === key)
    .sort((a, b) => a.order - b.order || a._id - b._id)
    .map((tag) => ({ _id: tag._id, name: tag.name }));
  if (current && !choices.some((choice) => choice._id === current._id)) choices.unshift(current);
  return choices;
}

/** What the X id box keeps while the member types: a leading "@" (or several, pasted) goes away at once. */
export function stripAtSign(value: string): string {
  return value.replace(/^\s*@+/, '');
}
