import { SITE_TEXTS } from '../site';
import { linkExpires } from '../account/mail';

const SITE = SITE_TEXTS.name;

/** TEXTS.emailChange: 設定's e-mail change, as the API answers it. */
export const EMAIL_CHANGE_MESSAGES = {
  /** The same answer whether or not the address is free: the form does not tell who is registered. */
  requested: '新しいメールアドレスに確認メールを送りました。メール内のリンクを開くと変更が完了します。',
  sameAddress: '現在のメールアドレスと同じです。新しいメールアドレスを入力してください。',
  confirmed: 'メールアドレスを変更しました。次回から新しいメールアドレスでログインしてください。',
  linkInvalid: 'このリンクは無効か、有効期限が切れています。設定からもう一度メールアドレスの変更をお申し込みください。',
  addressTaken: 'このメールアドレスには変更できません。別のメールアドレスでお試しください。',
} as const;

/** The two mails: the link to the new address, and the notice to the old one (TEXTS.emailChange.mail). */
export const EMAIL_CHANGE_MAIL_TEXTS = {
  confirm: {
    subject: `【${SITE}】メールアドレス変更の確認`,
    received: `${SITE}で、ログインに使うメールアドレスをこのアドレスに変更するお申し込みがありました。`,
    openLink: '下のリンクを開くと変更が完了します。',
    expires: linkExpires,
    notYou: 'お心当たりのない場合は、このメールを破棄してください。メールアドレスは変更されません。',
  },
  changed: {
    subject: `【${SITE}】メールアドレスが変更されました`,
    happened: (at: string) => `${at}に、${SITE}のログインに使うメールアドレスが別のアドレスに変更されました。このアドレスには今後、${SITE}からのお知らせは届きません。`,
    notYou: 'お心当たりのない場合は、アカウントが第三者に使われているおそれがあります。お問い合わせフォームからすぐにご連絡ください。',
  },
} as const;

const EMAIL_CHANGE_HEADING = 'メールアドレスの変更';

/** 設定's form (TEXTS.emailChange.screens). */
export const EMAIL_CHANGE_TEXTS = {
  heading: EMAIL_CHANGE_HEADING,
  intro: '新しいメールアドレスに確認メールを送ります。メール内のリンクを開くまで、今のメールアドレスのままです。',
  newEmail: '新しいメールアドレス',
  submit: '確認メールを送る',
  submitting: '送信しています…',
  confirming: 'メールアドレスを変更しています…',
  pageTitle: EMAIL_CHANGE_HEADING,
  toSettings: '設定へ戻る',
} as const;
