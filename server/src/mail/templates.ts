import {
  CONTACT_CATEGORY_LABELS,
  CONTACT_MAIL_TEXTS as E,
  DECISION_MAIL_TEXTS,
  FLAG_CATEGORY_TEXTS,
  LIMITS,
  SITE_TEXTS,
  TIMINGS,
  type AdverseAction,
  type ContactInput,
  type FlagCategory,
  type FlagTargetType,
} from '@hiraku/shared';
import type { OutgoingMail } from './mailer';

const SITE = SITE_TEXTS.name;

/** Every mail ends the same way, so a member can tell it came from us and what to do if it did not concern them. */
function signature(publicUrl: string): string {
  return ['', '――', SITE, publicUrl, '※このメールは送信専用のアドレスから送っています。返信いただいてもお答えできません。'].join('\n');
}

const hours = (seconds: number) => Math.round(seconds / 3600);

export function verificationMail({ to, link, publicUrl }: { to: string; link: string; publicUrl: string }): OutgoingMail {
  return {
    to,
    subject: `【${SITE}】メールアドレスの確認をお願いします`,
    text: [
      `${SITE}にご登録いただきありがとうございます。`,
      '',
      '下のリンクを開いて、メールアドレスの確認を完了してください。確認が済むとログインできるようになります。',
      '',
      link,
      '',
      `このリンクの有効期限は${hours(TIMINGS.verifyEmailTtlSec)}時間で、一度だけ使えます。`,
      '期限が切れた場合は、次のページから確認メールを再送信できます。',
      `${publicUrl}/verify-email?resend=1`,
      '',
      `お心当たりのない場合は、このメールを破棄してください。アカウントは有効にならず、${SITE}からこれ以上のご連絡はいたしません。`,
      signature(publicUrl),
    ].join('\n'),
  };
}

export function alreadyRegisteredMail({ to, publicUrl }: { to: string; publicUrl: string }): OutgoingMail {
  return {
    to,
    subject: `【${SITE}】このメールアドレスでの新規登録がありました`,
    text: [
      `${SITE}で、このメールアドレスを使った新規登録の手続きがありました。`,
      'このアドレスはすでに登録済みのため、新しいアカウントは作成していません。',
      '',
      'ご自身の手続きでしたら、次のページからログインしてください。',
      `${publicUrl}/login`,
      '',
      'パスワードをお忘れの場合は、次のページから再設定できます。',
      `${publicUrl}/forgot-password`,
      '',
      'お心当たりのない場合は、このメールを破棄してください。アカウントに変更はありません。',
      signature(publicUrl),
    ].join('\n'),
  };
}

export function passwordResetMail({ to, link, publicUrl }: { to: string; link: string; publicUrl: string }): OutgoingMail {
  return {
    to,
    subject: `【${SITE}】パスワード再設定のご案内`,
    text: [
      'パスワード再設定のお申し込みを受け付けました。',
      '',
      '下のリンクを開いて、新しいパスワードを設定してください。',
      '',
      link,
      '',
      `このリンクの有効期限は${hours(TIMINGS.passwordResetTtlSec)}時間で、一度だけ使えます。`,
      '再設定が済むと、アカウントのロックも解除され、ほかの端末のログインはすべて終了します。',
      '',
      'お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。',
      signature(publicUrl),
    ].join('\n'),
  };
}

/**
 * An enquiry from the contact form, to the support mailbox (docs/product.md §7): the subject has the
 * category and the first characters of the content; the body lists category, name, e-mail and content.
 * A reply goes to the sender's address when they gave one.
 */
export function enquiryMail({ to, enquiry, fromMember }: { to: string; enquiry: ContactInput; fromMember: boolean }): OutgoingMail {
  const category = CONTACT_CATEGORY_LABELS[enquiry.category];
  const opening = Array.from(enquiry.content.replace(/\s+/g, ' ')).slice(0, LIMITS.contactSubjectCut).join('');
  return {
    to,
    ...(enquiry.email ? { replyTo: enquiry.email } : {}),
    subject: `【${SITE}】${E.subjectPrefix}（${category}）${opening}`,
    text: [
      E.intro,
      '',
      `${E.category}: ${category}`,
      `${E.name}: ${enquiry.name ?? E.anonymous}`,
      `${E.email}: ${enquiry.email ?? E.noEmail}`,
      `${E.sender}: ${fromMember ? E.member : E.visitor}`,
      '',
      `${E.content}:`,
      enquiry.content,
      '',
      '――',
      E.operatorsNote,
    ].join('\n'),
  };
}

const D = DECISION_MAIL_TEXTS;

/** The author of hidden, removed or warned content (or a suspended member): what, why, and how to appeal. */
export function decisionMail({
  to,
  targetType,
  targetTitle,
  category,
  action,
  reason,
  link,
  publicUrl,
}: {
  to: string;
  targetType: FlagTargetType;
  targetTitle: string | null;
  category: FlagCategory;
  action: AdverseAction;
  reason: string;
  link: string;
  publicUrl: string;
}): OutgoingMail {
  return {
    to,
    subject: `【${SITE}】${D.decisionSubject}`,
    text: [
      D.decisionIntro,
      '',
      `${D.target}: ${D.targetNames[targetType]}${targetTitle ? `「${targetTitle}」` : ''}`,
      `${D.category}: ${FLAG_CATEGORY_TEXTS[category].label}`,
      `${D.reason}: ${reason}`,
      '',
      `${D.targetNames[targetType]}を${D.actions[action]}。`,
      '',
      D.appealHow,
      link,
      signature(publicUrl),
    ].join('\n'),
  };
}

/** The appellant: the appeal's outcome. */
export function appealOutcomeMail({ to, overturned, reason, link, publicUrl }: { to: string; overturned: boolean; reason: string; link: string; publicUrl: string }): OutgoingMail {
  return {
    to,
    subject: `【${SITE}】${D.appealSubject}`,
    text: [overturned ? D.overturned : D.upheld, '', `${D.reason}: ${reason}`, '', link, signature(publicUrl)].join('\n'),
  };
}

/** A member who flagged: acted on, or judged harmless; nothing about the author or the decision's detail. */
export function flagOutcomeMail({ to, acted, publicUrl }: { to: string; acted: boolean; publicUrl: string }): OutgoingMail {
  return {
    to,
    subject: `【${SITE}】${D.flaggerSubject}`,
    text: [D.flaggerIntro, '', acted ? D.flaggerActed : D.flaggerHarmless, D.flaggerNoDetail, signature(publicUrl)].join('\n'),
  };
}
