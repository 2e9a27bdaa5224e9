import type { ContentWarningChoice } from '../../contentWarnings';
import { SENSITIVE_IMAGE_TEXTS } from '../image';
import { CONTENT_WARNING_MESSAGES } from './messages';

/** TEXTS.contentWarnings.screens: the form, 設定 and the operators' panel. */
export const CONTENT_WARNING_TEXTS = {
  formLegend: '注意書き',
  formHint: '読む人が心構えできるよう、当てはまるものをすべて選んでください。選んだ注意書きは、読む人の設定に合わせて表示されます。',
  formLocked: CONTENT_WARNING_MESSAGES.locked,
  otherLabel: '「その他」の内容',
  otherPlaceholder: '例：火を使うプレイ',
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
