/** TEXTS.autosave: the report form's autosave and マイページ's list of what is being written. */
export const AUTOSAVE_TEXTS = {
  saving: '下書きを保存しています…',
  saved: '下書きを保存しました',
  /** The server could not be reached or the session ended: the words stay in this browser until it can. */
  savedHere: 'この端末に一時保存しました。接続が戻ると自動で保存します。',
  restored: '書きかけの内容を復元しました。',
  notFound: '書きかけのレポートが見つかりません。',
  invalid: '書きかけの内容を保存できませんでした。',
  tooMany: (max: number) => `書きかけのレポートは${max}件までです。マイページで不要なものを破棄してください。`,
  removed: '書きかけのレポートを破棄しました。',
  listHeading: '書きかけのレポート',
  listHint: '自動で保存された、まだ保存・公開していないレポートです。どの端末からでも続きを書けます。',
  untitled: '（タイトル未入力）',
  editing: '編集中',
  resume: '続きを書く',
  discard: '破棄',
  discardConfirm: 'この書きかけのレポートを破棄しますか？この操作は取り消せません。',
  updatedAt: (when: string) => `${when} に自動保存`,
} as const;
