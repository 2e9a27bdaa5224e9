import { cut, LIMITS, COMMON_TEXTS } from '@hiraku/shared';

/** The title a list shows: 「無題」 for an empty one. */
export function shownTitle(title: string): string {
  return title.trim() ? title : COMMON_TEXTS.untitled;
}

/** The dashboard and profile-page preview: 35 characters and an ellipsis (docs/product.md §9). */
export function shownDescription(description: string): string {
  return description.trim() ? cut(description.trim(), LIMITS.profileDescriptionCut) : COMMON_TEXTS.noDescription;
}
