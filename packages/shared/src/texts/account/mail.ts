import { SITE_TEXTS } from '../site';

const SITE = SITE_TEXTS.name;
/** Confirmation and reset links alike. */
export const linkExpires = (hours: number): string => `このリンクの有効期限は${hours}時間で、一度だけ使えます。`;

/**
 * TEXTS.account.mail: the account mails (address confirmation, a sign-up with a registered address,
 * password reset), line by line; the server (server/src/mail/templates.ts) puts in the link, the
 * addresses of the pages and the signature. A function takes what its line needs.
 */
export const ACCOUNT_MAIL_TEXTS = {
  verification: {
    subject: `【${SITE}】メールアドレスの確認をお願いします`,
    thanks: `${SITE}にご登録いただきありがとうございます。`,
    openLink: '下のリンクを開いて、メールアドレスの確認を完了してください。確認が済むとログインできるようになります。',
    expires: linkExpires,
    resend: '期限が切れた場合は、次のページから確認メールを再送信できます。',
    notYou: `お心当たりのない場合は、このメールを破棄してください。アカウントは有効にならず、${SITE}からこれ以上のご連絡はいたしません。`,
  },
  alreadyRegistered: {
    subject: `【${SITE}】このメールアドレスでの新規登録がありました`,
    happened: `${SITE}で、このメールアドレスを使った新規登録の手続きがありました。`,
    nothingCreated: 'このアドレスはすでに登録済みのため、新しいアカウントは作成していません。',
    logIn: 'ご自身の手続きでしたら、次のページからログインしてください。',
    forgot: 'パスワードをお忘れの場合は、次のページから再設定できます。',
    notYou: 'お心当たりのない場合は、このメールを破棄してください。アカウントに変更はありません。',
  },
  passwordReset: {
    subject: `【${SITE}】パスワード再設定のご案内`,
    received: 'パスワード再設定のお申し込みを受け付けました。',
    openLink: '下のリンクを開いて、新しいパスワードを設定してください。',
    expires: linkExpires,
    afterReset: '再設定が済むと、アカウントのロックも解除され、ほかの端末のログインはすべて終了します。',
    notYou: 'お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。',
  },
  /** The end of every mail, so a member can tell it came from us. */
  signature: {
    rule: '――',
    sendOnly: '※このメールは送信専用のアドレスから送っています。返信いただいてもお答えできません。',
  },
} as const;
