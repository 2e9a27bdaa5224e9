import { LIMITS } from '../../limits';

const CONTENT_WARNING_MESSAGES_LOCKED = '運営がこのレポートの注意書きを固定しているため、変更できません。';

/** TEXTS.contentWarnings (messages): what the calls about content warnings answer. */
export const CONTENT_WARNING_MESSAGES = {
  invalidLabel: '注意書きの種類が正しくありません。',
  otherRequired: '「その他」を選んだときは、内容を入力してください。',
  otherTooLong: `「その他」の内容は${LIMITS.contentWarningOtherMax}文字以内で入力してください。`,
  locked: CONTENT_WARNING_MESSAGES_LOCKED,
  settingsInvalid: '注意書きごとの表示方法を選んでください。',
  settingsSaved: '注意書きの表示方法を保存しました。',
  moderationSaved: 'レポートの注意書きを変更しました。',
  moderationUnchanged: 'レポートの注意書きはすでにその状態です。',
} as const;
