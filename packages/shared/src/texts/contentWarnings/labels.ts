import type { ContentWarningChoice, ContentWarningKey } from '../../contentWarnings';
import { LIMITS } from '../../limits';
import { SENSITIVE_IMAGE_TEXTS } from '../image';

/** TEXTS.contentWarnings.labels: each content warning's name as members read it (issue 37). */
export const CONTENT_WARNING_LABELS: Record<ContentWarningKey, string> = {
  blood: '流血',
  marks: '痕が残るプレイ',
  breath: 'ブレスコントロール',
  intense: '高強度',
  cnc: '合意の上での非合意風プレイ',
  scat: '排泄',
  other: 'その他',
};

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

/** TEXTS.contentWarnings.screens: the form, the cover, 設定 and the operators' panel. */
export const CONTENT_WARNING_TEXTS = {
  formLegend: '注意書き',
  formHint: '読む人が心構えできるよう、当てはまるものをすべて選んでください。選んだ注意書きは、読む人の設定に合わせて表示されます。',
  formLocked: CONTENT_WARNING_MESSAGES_LOCKED,
  otherLabel: '「その他」の内容',
  otherPlaceholder: '例：火を使うプレイ',
  coverLead: 'このレポートには次の注意書きがあります',
  coverReveal: '内容を表示する',
  coverOther: (text: string) => `その他（${text}）`,
  settingsHeading: '注意書き',
  settingsLead:
    '注意書きのついたレポートを、注意書きの種類ごとにどう表示するかを選べます。「表示しない」にしたレポートは、一覧・検索・プロフィールに出なくなります。自分の投稿はいつも表示されます。',
  choices: { show: SENSITIVE_IMAGE_TEXTS.choices.show, warn: '警告してから表示', hide: SENSITIVE_IMAGE_TEXTS.choices.hide } satisfies Record<ContentWarningChoice, string>,
  save: SENSITIVE_IMAGE_TEXTS.save,
  operatorHeading: 'レポートの注意書き',
  operatorLocked: '投稿者が変更できないように固定する',
  operatorSave: '注意書きを保存',
  operatorQuestion: 'レポートの注意書きをこの内容で保存しますか？',
} as const;
