import { REPORT_FIELD_LABELS } from './fields';
import { SHELL_TEXTS } from '../shell';

/** TEXTS.report.detail: the report detail page (the comments have their own, TEXTS.comment.screens). */
export const REPORT_DETAIL_TEXTS = {
  author: '投稿者',
  createdAt: '投稿日時',
  draftBadge: '下書き',
  draftNote: 'この下書きはあなたにだけ表示されています。公開するには編集画面から「公開する」を押してください。',
  hiddenBadge: '非表示',
  hiddenNote: 'このレポートは運営により非表示になっています。あなたと運営者だけが見られます。',
  edit: '編集する',
  likes: 'いいね',
  profileTags: '書いた人について',
  playTags: 'プレイの種類',
  tools: '使った道具',
  toolName: '道具',
  toolQuantity: '数量・特徴',
  noTools: '道具の記載はありません。',
  steps: 'プレイの流れ',
  noSteps: 'プレイの流れの記載はありません。',
  stepNumber: (n: number) => `ステップ${n}`,
  impressions: '感想',
  tips: REPORT_FIELD_LABELS.tips,
  none: '記載はありません。',
  notFoundTitle: 'レポートが見つかりません',
  toList: SHELL_TEXTS.toReports,
  mainImage: (title: string) => `「${title}」のメイン画像`,
} as const;
