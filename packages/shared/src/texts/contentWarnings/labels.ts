import type { ContentWarningKey } from '../../contentWarnings';

/** TEXTS.contentWarnings.labels: each content warning's name as members read it. */
export const CONTENT_WARNING_LABELS: Record<ContentWarningKey, string> = {
  blood: '流血',
  marks: '痕が残るプレイ',
  breath: 'ブレスコントロール',
  intense: '高強度',
  cnc: '合意の上での非合意風プレイ',
  scat: '排泄',
  other: 'その他',
};

/** TEXTS.contentWarnings.cover: what stands in for a covered report on cards and its page (kept small: every list loads it). */
export const CONTENT_WARNING_COVER_TEXTS = {
  coverLead: 'このレポートには次の注意書きがあります',
  coverReveal: '内容を表示する',
  coverOther: (text: string) => `その他（${text}）`,
} as const;
