import { LIMITS } from '../limits';

export interface LandingFeature {
  id: 'play' | 'observe' | 'record';
  title: string;
  text: string;
}

/** TEXTS.landing: the landing page (/) for visitors. */
export const LANDING_TEXTS = {
  lead: 'ひらくは、大人のためのプレイレポート共有コミュニティです。体験を言葉にして残し、ほかのメンバーの体験から学び合えます。',
  betaNote: '現在、オープンベータ版として公開しています。',
  features: [
    { id: 'play', title: 'プレイする', text: 'パートナーと話し合い、同意と安全を大切にしながら、自分たちらしいプレイを楽しみましょう。' },
    { id: 'observe', title: '観察する', text: 'ほかのメンバーのレポートを読んで、気になるプレイの流れや道具、気をつけたいポイントを見つけましょう。' },
    { id: 'record', title: '記録する', text: 'プレイの流れや感想、次に生かしたいことをレポートに残しましょう。下書きは自分だけが見られます。' },
  ] satisfies readonly LandingFeature[],
  login: 'ログイン',
  signupPrompt: 'はじめての方は',
  signup: '無料で会員登録',
  reasonsHeading: 'ひらくに参加する理由',
  reasons: [
    { title: '初心者でも安心', text: '用語集やよくある質問で、はじめての方も言葉や考え方を少しずつ知ることができます。' },
    { title: 'ほかのメンバーの体験から得られるひらめきの宝庫', text: 'プレイの流れ、使った道具、感想や注意点まで。実際の体験だからこそのヒントが見つかります。' },
    { title: '多様性を尊重するコミュニティ', text: 'どんな性別、性的指向、性癖の方も歓迎します。違いを笑わず、互いの「好き」を尊重する場所です。' },
  ],
  feedbackHeading: '不具合のご報告のお願い',
  feedback: '不具合や気になる点を見つけたら、お問い合わせフォームからお知らせください。',
  feedbackLink: 'お問い合わせフォームへ',
  adultNotice: `ひらくは${LIMITS.minimumAge}歳以上の方のためのサービスです。`,
} as const;
