import { LIMITS } from '../../limits';

/** TEXTS.flag.mail: the mails that tell a moderation decision (server/src/moderation/tellDecision.ts). */
export const DECISION_MAIL_TEXTS = {
  targetNames: { report: 'あなたのレポート', comment: 'あなたのコメント', member: 'あなたのアカウント' },
  actions: {
    hide: '非表示にしました',
    delete: '削除しました',
    warn: '警告の対象としました',
    suspend: '利用停止としました',
  },
  decisionSubject: '投稿への対応のお知らせ',
  decisionIntro: '運営で確認した結果、次のとおり対応しましたのでお知らせします。',
  target: '対象',
  category: '通報の理由',
  reason: '運営からの説明',
  appealHow: `この判断に納得できない場合は、判断から${LIMITS.appealWindowDays}日以内に一度だけ、次のページから異議を申し立てられます。`,
  appealSubject: '異議申し立ての結果のお知らせ',
  upheld: '異議の申し立てを確認しましたが、元の判断を維持することにしました。',
  overturned: '異議の申し立てを確認し、元の判断を取り消しました。投稿は元どおり表示されます。',
  flaggerSubject: '通報への対応のお知らせ',
  flaggerIntro: 'ご協力ありがとうございます。いただいた通報について、運営で確認しました。',
  flaggerActed: '対応しました。',
  flaggerHarmless: '問題なしと判断しました。',
  flaggerNoDetail: '対象の詳しい内容や、投稿者への対応の内容はお知らせしていません。',
} as const;
