/** A Japanese legal-style text: numbered articles, each with paragraphs and an optional item list. */
export interface LegalArticle {
  /** Shown as 「第N条（heading）」; the number comes from the article's position. */
  heading: string;
  paragraphs: readonly string[];
  items?: readonly string[];
  /**
   * A mailbox the reader can write to, shown as a link below the paragraphs; null while the deployment's
   * address (GET /api/site-config) is not known yet, so no made-up address is ever shown in its place.
   */
  contactEmail?: string | null;
}

export interface LegalDocument {
  title: string;
  preamble: string;
  articles: readonly LegalArticle[];
  enactedOn: string;
  lastRevisedOn: string;
}

/** Both documents were enacted together and have not been revised since (docs/product.md §1). */
export const LEGAL_DOCUMENTS_DATE = '2024年12月28日';

/** 「第1条」 and so on: Japanese legal texts number articles with Arabic digits in horizontal writing. */
export function articleNumberLabel(index: number): string {
  return `第${index + 1}条`;
}

/** The operator as both documents name it. */
export const OPERATOR_NAME = 'ひらく運営事務局';

/**
 * The deletion log (an account id and a date, nothing else) is kept this long; the privacy policy
 * names it as its example of a legally required record (docs/decisions.md).
 */
export const DELETION_RECORD_RETENTION_YEARS = 3;
