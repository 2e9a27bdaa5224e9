/**
 * TEXTS.moderation.auditActionLabels: every action the audit log records, with the label the screens
 * show. Category, tag and enquiry changes were logged before moderation existed and keep their names.
 * The audit log writer only takes these (AUDIT_ACTIONS), so a new action cannot be logged without a
 * label here.
 */
export const AUDIT_ACTION_LABELS = {
  'report.hide': 'レポートの非表示',
  'report.unhide': 'レポートの再表示',
  'report.delete': 'レポートの削除',
  'report.image_label': '画像のセンシティブ表示の変更',
  'report.content_warnings': 'レポートの注意書きの変更',
  'user.suspend': '会員の利用停止',
  'user.unsuspend': '利用停止の解除',
  'user.suspension_end': '利用停止の期間終了',
  'user.role': '権限の変更',
  'comment.dismiss_reports': 'コメント通報の却下',
  'comment.delete': 'コメントの削除',
  'comment.hide': 'コメントの非表示',
  'comment.restore': 'コメントの復元',
  'case.dismiss': '通報の却下',
  'case.harmless': '問題なしの判断',
  'case.claim': 'ケースの担当',
  'case.release': 'ケースの担当解除',
  'case.note': 'ケースへのメモ',
  'case.escalate': '管理者への要相談',
  'user.warn': '会員への警告',
  'user.new_stage_lift': '新規メンバーの制限の解除',
  'user.new_stage_restore': '新規メンバーの制限への戻し',
  'user.new_stage_by_cases': '違反の判断による新規メンバーの制限への戻し',
  'strike.revoke': '警告の取り消し',
  'appeal.uphold': '異議の棄却',
  'appeal.overturn': '異議による判断の取り消し',
  'disclosure.export': '発信者情報の書き出し',
  'image.reupload_refused': '削除済み画像の再投稿の拒否',
  'category.create': 'カテゴリの作成',
  'category.update': 'カテゴリの変更',
  'category.delete': 'カテゴリの削除',
  'tag.create': 'タグの作成',
  'tag.update': 'タグの変更',
  'tag.delete': 'タグの削除',
  'enquiry.handle': 'お問い合わせの対応済み',
  'enquiry.reopen': 'お問い合わせの未対応への戻し',
} as const;
