import type { ReportSearchDocument } from './reportsIndex';

/** A plain published report; tests override only what they are about. */
export function reportDocument(id: number, overrides: Partial<ReportSearchDocument> = {}): ReportSearchDocument {
  return {
    id,
    title: `レポート${id}`,
    description: '',
    tips: '',
    toolNames: [],
    stepTexts: [],
    tagNames: [],
    authorUsername: `会員${id}`,
    authorPublicId: `pub${id}`,
    authorId: 1,
    gender: null,
    sexualOrientation: null,
    role: null,
    playCategories: [],
    playContents: [],
    createdAt: Date.UTC(2024, 0, id),
    likeCount: 0,
    ...overrides,
  };
}
