import { LIMITS } from '../../limits';

const ACCOUNT_SUSPENDED = 'あなたのアカウントを利用停止にしました。';

/** TEXTS.flag.mail: the mails that tell a moderation decision (server/src/moderation/tellDecision.ts). */
export const DECISION_MAIL_TEXTS = {
  targetNames: { report: 'あなたのレポート', comment: 'あなたのコメント', member: 'あなたのアカウント' },
  /** Exactly what the decision did: a member is never told 削除 while the content is only hidden. */
  effects: {
    report: {
      hide: 'あなたのレポートを非表示にしました。あなたには引き続き表示されますが、ほかの会員には表示されません。',
      delete: 'あなたのレポートを削除しました。本文と画像は完全に消去したため元に戻すことはできず、あなたも開いたり編集したりできません。',
      warn: 'あなたのレポートを警告の対象としました。レポートはそのまま表示されています。',
      suspend: 'あなたのレポートをほかの会員から見えないようにし、あなたのアカウントを利用停止にしました。',
    },
    comment: {
      hide: 'あなたのコメントを非表示にしました。ほかの会員には表示されません。',
      delete: 'あなたのコメントを削除しました。本文は完全に消去したため、元に戻すことはできません。',
      warn: 'あなたのコメントを警告の対象としました。コメントはそのまま表示されています。',
      suspend: 'あなたのコメントをすべての会員から見えないようにし、あなたのアカウントを利用停止にしました。',
    },
    member: {
      hide: 'あなたのアカウントを、運営が解除するまで利用停止にしました。',
      // A member cannot be deleted (the case refuses it); the sentence is here for completeness.
      delete: ACCOUNT_SUSPENDED,
      warn: 'あなたのアカウントを警告の対象としました。アカウントはそのまま使えます。',
      suspend: ACCOUNT_SUSPENDED,
    },
  },
  decisionSubject: '投稿への対応のお知らせ',
  decisionIntro: '運営で確認した結果、次のとおり対応しましたのでお知らせします。',
  target: '対象',
  category: '通報の理由',
  reason: '運営からの説明',
  appealHow: `この判断に納得できない場合は、判断から${LIMITS.appealWindowDays}日以内に一度だけ、次のページから異議を申し立てられます。`,
  appealSubject: '異議申し立ての結果のお知らせ',
  upheld: '異議の申し立てを確認しましたが、元の判断を維持することにしました。',
  overturned: '異議の申し立てを確認し、元の判断を取り消しました。',
  /** After `overturned`: what undoing the decision did, by the decision appealed. */
  overturnEffects: {
    hide: '対象は元どおり表示されます。',
    warn: '警告を取り消しました。',
    suspend: '利用停止を解除し、対象は元どおり表示されます。',
    /** 削除 removes for good: nothing can be brought back. */
    delete: '削除した内容は完全に消去しているため、元に戻すことはできません。申し訳ありません。',
  },
} as const;
