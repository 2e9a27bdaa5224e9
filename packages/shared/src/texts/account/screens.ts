import { COMMON_TEXTS } from '../common';
import { LANDING_TEXTS } from '../landing';
import { PAGE_TITLES } from '../shell';
import { LIMITS, TIMINGS } from '../../limits';
import { inHours } from '../units';

/** TEXTS.account.screens: labels and short texts of the account screens (sign-up, login, mail links, tutorial, deletion). */
export const ACCOUNT_TEXTS = {
  required: '必須',
  fields: {
    email: COMMON_TEXTS.email,
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
    agreeBeforeLink: `${LIMITS.minimumAge}歳以上であり、`,
    termsLink: '利用規約',
    agreeAfterLink: 'に同意します',
    privacyNote: 'メールアドレスは、お知らせとお問い合わせへの返信にのみ使います。詳しくは',
    privacyLink: PAGE_TITLES.privacyPolicy,
    privacyAfterLink: 'をご覧ください。',
    submit: '登録',
    haveAccount: 'すでにアカウントをお持ちの方は',
    toLogin: 'ログイン',
  },
  login: {
    lead: '登録したメールアドレスとパスワードでログインしてください。',
    submit: 'ログイン',
    noAccount: 'アカウントをお持ちでない方は',
    toSignup: LANDING_TEXTS.signup,
    forgot: 'パスワードをお忘れの方',
    notVerifiedMoving: 'まもなく確認メールの再送信ページに移動します。',
    movingSoon: 'まもなくページを移動します。',
    noticeRequired: 'このページを見るにはログインしてください。',
  },
  verifyEmail: {
    verifying: 'メールアドレスを確認しています...',
    resendHeading: '確認メールを再送信する',
    resendLead: `ご登録のメールアドレスを入力してください。確認用のリンクをあらためてお送りします。リンクの有効期限は${inHours(TIMINGS.verifyEmailTtlSec)}時間です。`,
    resendSubmit: '確認メールを再送信',
    toLogin: 'ログイン画面へ',
  },
  forgotPassword: {
    lead: `登録したメールアドレスを入力してください。パスワード再設定用のリンクをお送りします。リンクの有効期限は${inHours(TIMINGS.passwordResetTtlSec)}時間です。`,
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
} as const;
