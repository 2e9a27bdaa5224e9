import { LIMITS } from '../../limits';

/** TEXTS.moderation.noticeTemplates: the notice templates operators keep per decision and category. */
export const NOTICE_TEMPLATE_MESSAGES = {
  nameRequired: 'テンプレートの名前を入力してください。',
  nameTooLong: `テンプレートの名前は${LIMITS.noticeTemplateNameMax}文字以内で入力してください。`,
  bodyRequired: 'テンプレートの本文を入力してください。',
  bodyTooLong: `テンプレートの本文は${LIMITS.moderationReasonMax}文字以内で入力してください。`,
  decisionInvalid: '対応を選んでください。',
  categoryInvalid: '通報の種類を選んでください（すべての種類に使うなら空欄）。',
  unknownPlaceholder: (names: string, allowed: string) => `使えない差し込み項目があります: ${names}。使えるのは ${allowed} だけです。`,
  notFound: 'テンプレートが見つかりません。',
  created: 'テンプレートを作成しました。',
  updated: 'テンプレートを保存しました。',
  unchanged: 'テンプレートは変わっていません。',
  removed: 'テンプレートを削除しました。',
  /** What {対象} stands for in a preview without a case. */
  sampleTarget: '「サンプルのレポート」',
} as const;
