import { LIMITS } from '../limits';

/** Labels and short texts of the account screens (sign-up, login, mail links, tutorial, deletion). */
export const ACCOUNT_TEXTS = {
  required: '必須',
  fields: {
    email: 'メールアドレス',
    password: 'パスワード',
    newPassword: '新しいパスワード',
    newPasswordAgain: '新しいパスワード（確認用）',
    currentPassword: '現在のパスワード',
  },
  emailPlaceholder: 'example@example.jp',
  passwordRule: `${LIMITS.passwordMin}〜${LIMITS.passwordMax}文字で入力してください。よく使われるパスワードは登録できません。`,
  newPasswordAgainHint: '確認のため、もう一度入力してください。',
  showPassword: 'パスワードを表示する',
  signup: {
    lead: 'メールアドレスとパスワードだけで、無料で登録できます。登録後に届く確認メールのリンクを開くと、ログインできるようになります。',
    agreeBeforeLink: '18歳以上であり、',
    termsLink: '利用規約',
    agreeAfterLink: 'に同意します',
    privacyNote: 'メールアドレスは、お知らせとお問い合わせへの返信にのみ使います。詳しくは',
    privacyLink: 'プライバシーポリシー',
    privacyAfterLink: 'をご覧ください。',
    submit: '登録',
    haveAccount: 'すでにアカウントをお持ちの方は',
    toLogin: 'ログイン',
  },
  login: {
    lead: '登録したメールアドレスとパスワードでログインしてください。',
    submit: 'ログイン',
    noAccount: 'アカウントをお持ちでない方は',
    toSignup: '無料で会員登録',
    forgot: 'パスワードをお忘れの方',
    notVerifiedMoving: 'まもなく確認メールの再送信ページに移動します。',
    movingSoon: 'まもなくページを移動します。',
    noticeRequired: 'このページを見るにはログインしてください。',
  },
  verifyEmail: {
    verifying: 'メールアドレスを確認しています...',
    resendHeading: '確認メールを再送信する',
    resendLead: 'ご登録のメールアドレスを入力してください。確認用のリンクをあらためてお送りします。リンクの有効期限は24時間です。',
    resendSubmit: '確認メールを再送信',
    toLogin: 'ログイン画面へ',
  },
  forgotPassword: {
    lead: '登録したメールアドレスを入力してください。パスワード再設定用のリンクをお送りします。リンクの有効期限は1時間です。',
    submit: '再設定メールを送信',
    toLogin: 'ログイン画面に戻る',
  },
  resetPassword: {
    lead: '新しいパスワードを設定してください。設定すると、ロックされていたアカウントも解除されます。',
    submit: 'パスワードを設定',
    retry: 'もう一度手続きする',
  },
  tutorial: {
    slideRole: 'スライド',
    slideLabel: (index: number, total: number) => `${index} / ${total}`,
    dotsLabel: 'スライドを選ぶ',
    dotLabel: (index: number, title: string) => `${index}枚目：${title}`,
    previous: '前へ',
    next: '次へ',
    finish: 'はじめる',
    skip: 'スキップ',
    optOut: '次回から表示しない',
    finishing: '処理中...',
  },
  deleteAccount: {
    lead: 'アカウントを削除すると、プロフィール、アイコン、レポート、画像、コメント、いいねなど、ひらくに保存されているあなたのデータはすべて削除されます。削除したデータは元に戻せません。',
    confirm: 'アカウントとすべてのデータが削除され、元に戻せないことを理解しました',
    submit: 'アカウントを削除する',
    back: 'プロフィールに戻る',
    deleting: 'アカウントを削除しています...',
    deletingNote: '完了するまで、このページを閉じたり移動したりしないでください。',
    redirecting: 'まもなくトップページに移動します。',
  },
  landing: {
    toReports: 'レポート一覧へ',
  },
} as const;

export interface TutorialSlide {
  title: string;
  paragraphs: readonly string[];
}

/** The 5 slides of /tutorial, in docs/product.md order: welcome, profile, finding likes, sharing, the next play. */
export const TUTORIAL_SLIDES: readonly TutorialSlide[] = [
  {
    title: 'ようこそ',
    paragraphs: [
      'ひらくへようこそ！ここは、大人のためのプレイレポート共有コミュニティです。',
      '体験を言葉にして残し、ほかのメンバーの体験から学び合いましょう。はじめての方も、用語集やよくある質問を見ながら、自分のペースで楽しんでください。',
    ],
  },
  {
    title: 'プロフィールを設定しよう',
    paragraphs: [
      'まずはマイページからプロフィールを作りましょう。ユーザー名とアイコン、性別・性的指向・性癖（S・M・スイッチなど）を設定すると、あなたのレポートを読む人に雰囲気が伝わります。',
      'レポートを書くにはプロフィールが必要です。XのIDは任意で、プロフィールはあとからいつでも変更できます。',
    ],
  },
  {
    title: '好みを見つけよう',
    paragraphs: [
      'レポート一覧では、新しい順・古い順・いいねの多い順に並べ替えられます。気になる言葉で検索したり、人気のキーワードから探したりして、あなたの「好き」に近いプレイを見つけましょう。',
      '気に入ったレポートには「いいね」で気持ちを伝えられます。',
    ],
  },
  {
    title: 'プレイを共有しよう',
    paragraphs: [
      'フッターの「投稿」から、プレイレポートを書けます。プレイの流れ、使った道具、感想や気をつけたポイントを残しておくと、ほかのメンバーのヒントになります。',
      '下書きとして保存すれば、公開するまで自分だけが見られます。',
    ],
  },
  {
    title: '次のプレイへ',
    paragraphs: [
      'レポートやコメントから得たひらめきを、次のプレイに生かしましょう。どんなプレイも、パートナーとの話し合いと同意、そして安全が大前提です。',
      '困ったときは「その他」メニューから、よくある質問やお問い合わせをご利用ください。',
    ],
  },
];
