import { LIMITS } from '../../limits';
import { PROFILE_MESSAGES } from '../profile/messages';

/** TEXTS.safety: what the block, mute and muted-word calls answer with. */
export const SAFETY_MESSAGES = {
  memberNotFound: PROFILE_MESSAGES.memberNotFound,
  blockSelf: '自分をブロックすることはできません。',
  muteSelf: '自分をミュートすることはできません。',
  tooManyBlocks: `ブロックできるのは${LIMITS.blocksMax}人までです。`,
  tooManyMutes: `ミュートできるのは${LIMITS.mutesMax}人までです。`,
  tooManyWords: `ミュートできる語句は${LIMITS.mutedWordsMax}件までです。`,
  wordLength: `ミュートする語句は${LIMITS.mutedWordMin}〜${LIMITS.mutedWordMax}文字で入力してください。`,
  wordDuration: 'ミュートする期間を選んでください。',
  wordExists: 'その語句はすでにミュートしています。',
  wordNotFound: 'ミュートした語句が見つかりません。',
  muteUntilPast: 'ミュートの終了日時は未来の日時を指定してください。',
  blocked: 'ブロックしました。',
  unblocked: 'ブロックを解除しました。',
  muted: 'ミュートしました。',
  unmuted: 'ミュートを解除しました。',
  wordAdded: '語句をミュートしました。',
  wordRemoved: '語句のミュートを解除しました。',
  /** The blocker's refusal: they know whom they blocked, so it may say so. The blocked member gets a plain 404. */
  youBlockedThem: 'ブロックしている会員のレポートです。表示・いいね・コメントをするにはブロックを解除してください。',
} as const;
