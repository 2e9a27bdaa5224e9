import { FOLLOW_LIMITS } from '../../limits';

/** TEXTS.follow: what the follow calls answer with. */
export const FOLLOW_MESSAGES = {
  followed: 'フォローしました。',
  requested: 'フォローをリクエストしました。承認されるとフォロー中になります。',
  unfollowed: 'フォローをやめました。',
  approved: 'フォローリクエストを承認しました。',
  declined: 'フォローリクエストをお断りしました。',
  settingsSaved: 'フォローの設定を保存しました。',
  followSelf: '自分自身はフォローできません。',
  memberNotFound: 'フォローできる会員が見つかりません。',
  tagNotFound: 'フォローできるタグが見つかりません。',
  categoryNotFound: 'フォローできるカテゴリーが見つかりません。',
  requestNotFound: 'フォローリクエストが見つかりません。',
  blocked: 'この会員はフォローできません。',
  tooMany: `フォローできるのは${FOLLOW_LIMITS.followsMax.toLocaleString('ja-JP')}件までです。どれかのフォローをやめてからお試しください。`,
  tooManyToday: 'きょうはこれ以上フォローできません。明日またお試しください。',
  audienceNeedsApproval: '「フォロワーのみ」を選ぶには、設定でフォロー承認制をオンにしてください。',
} as const;
