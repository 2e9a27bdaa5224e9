/**
 * The six system categories of docs/product.md §3. Operators may rename them, so code finds them by
 * this stable key, never by their display name.
 */
export const CATEGORY_KEYS = ['gender', 'sexualOrientation', 'role', 'tools', 'playCategory', 'playContent'] as const;
export type CategoryKey = (typeof CATEGORY_KEYS)[number];

/** Shown in the /reports keyword block when the search log has too little to say (docs/product.md §2). */
export const FALLBACK_POPULAR_KEYWORDS = ['サディスト', '奴隷', 'スパンキング', '縄', '首輪', 'オナニー'] as const;
