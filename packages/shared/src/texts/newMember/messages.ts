import { FOLLOW_LIMITS, LIMITS } from '../../limits';

const until = `登録から${LIMITS.newMemberDays}日間（またはレポートを${LIMITS.newMemberGraduationReports}件公開し、いいねを${LIMITS.newMemberGraduationLikes}件もらうまで）`;

/**
 * TEXTS.newMember: the limits of a member's first days, as the API answers them (429). Each
 * says what was refused, why, and when it will work again, so a new member is not left guessing.
 */
export const NEW_MEMBER_MESSAGES = {
  reportsPerDay: `新しく参加された方は、${until}、レポートの公開は一日${LIMITS.newMemberReportsPerDay}件までです。日本時間で日付が変わってから、またお試しください。下書きとしては保存できます。`,
  commentsPerDay: `新しく参加された方は、${until}、コメントは一日${LIMITS.newMemberCommentsPerDay}件までです。日本時間で日付が変わってから、またお試しください。`,
  followsPerDay: `新しく参加された方は、${until}、フォローは一日${FOLLOW_LIMITS.newMemberFollowsPerDay}件までです。日本時間で日付が変わってから、またお試しください。`,
  lifted: '新規メンバーの制限を解除しました。',
  alreadyLifted: 'この会員には新規メンバーの制限がかかっていません。',
  restored: `新規メンバーの制限に戻しました（${LIMITS.newMemberDays}日間）。`,
  alreadyNew: 'この会員はすでに新規メンバーの制限中です。',
  operatorNotLimited: '運営者には新規メンバーの制限をかけられません。',
} as const;

/** The stage as the operators' member history shows it, and its buttons (TEXTS.newMember.screens). */
export const NEW_MEMBER_TEXTS = {
  heading: '参加段階',
  stageNew: (until: string) => `新規メンバー（${until}まで制限あり）`,
  stageEstablished: '通常メンバー（制限なし）',
  reasons: {
    signup: `登録から${LIMITS.newMemberDays}日間`,
    operator: '運営者が制限に戻しました',
    cases: `違反の判断が${LIMITS.upheldCasesToNewStage}件あったため`,
  },
  lift: '制限を解除する',
  liftQuestion: 'この会員の新規メンバーの制限（一日あたりのレポート・コメント・フォローの上限、通報だけで非表示にならない扱い）を解除しますか？',
  restore: '新規メンバーの制限に戻す',
  restoreQuestion: `この会員を${LIMITS.newMemberDays}日間、新規メンバーの制限に戻しますか？`,
} as const;
