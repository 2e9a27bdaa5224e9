/**
 * Content warnings: a fixed list of labels an author puts on a report, and each member's
 * choice per label. The keys are stored as bits of one integer (`reports.warning_mask`,
 * `content_warning_settings.hide_mask`/`show_mask`) in the order of CONTENT_WARNING_KEYS, so a key's
 * place in this list must never change: new labels go at the end.
 */
export const CONTENT_WARNING_KEYS = ['blood', 'marks', 'breath', 'intense', 'cnc', 'scat', 'other'] as const;
export type ContentWarningKey = (typeof CONTENT_WARNING_KEYS)[number];

/** 表示する / 警告してから表示 / 表示しない. */
export const CONTENT_WARNING_CHOICES = ['show', 'warn', 'hide'] as const;
export type ContentWarningChoice = (typeof CONTENT_WARNING_CHOICES)[number];

/** A member who never chose is warned about every label (and so is a visitor). */
export const DEFAULT_CONTENT_WARNING_CHOICE: ContentWarningChoice = 'warn';

export type ContentWarningSettings = Record<ContentWarningKey, ContentWarningChoice>;

const bitOf = (key: ContentWarningKey): number => 1 << CONTENT_WARNING_KEYS.indexOf(key);

/** The labels as the stored bit mask. */
export const contentWarningMask = (keys: Iterable<ContentWarningKey>): number => {
  let mask = 0;
  for (const key of keys) mask |= bitOf(key);
  return mask;
};

/** The labels of a stored bit mask, in the catalogue's order (unknown bits are ignored). */
export const contentWarningKeys = (mask: number): ContentWarningKey[] => CONTENT_WARNING_KEYS.filter((key) => (mask & bitOf(key)) !== 0);

/** Every label on the default choice. */
export const defaultContentWarningSettings = (): ContentWarningSettings =>
  Object.fromEntries(CONTENT_WARNING_KEYS.map((key) => [key, DEFAULT_CONTENT_WARNING_CHOICE])) as ContentWarningSettings;

/** The stored masks of a member's choices (labels on 'warn' are in neither). */
export function contentWarningMasks(settings: ContentWarningSettings): { hideMask: number; showMask: number } {
  const keysOn = (choice: ContentWarningChoice) => CONTENT_WARNING_KEYS.filter((key) => settings[key] === choice);
  return { hideMask: contentWarningMask(keysOn('hide')), showMask: contentWarningMask(keysOn('show')) };
}

/** A member's choices from the stored masks; a label in both counts as hidden (the safer reading). */
export function contentWarningSettingsOf(hideMask: number, showMask: number): ContentWarningSettings {
  const settings = defaultContentWarningSettings();
  for (const key of CONTENT_WARNING_KEYS) {
    if ((hideMask & bitOf(key)) !== 0) settings[key] = 'hide';
    else if ((showMask & bitOf(key)) !== 0) settings[key] = 'show';
  }
  return settings;
}

/**
 * The labels a report is covered with for a member (empty: shown as is): those the member did not set to
 * 表示する. A label on 表示しない covers too, for the report the member reached anyway (its own page, a
 * link): lists never show it to them.
 */
export const coveringContentWarnings = (warnings: readonly ContentWarningKey[], settings: ContentWarningSettings): ContentWarningKey[] =>
  warnings.filter((key) => settings[key] !== 'show');
