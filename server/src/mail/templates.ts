import {
  ACCOUNT_MAIL_TEXTS as A,
  CONTACT_CATEGORY_LABELS,
  CONTACT_MAIL_TEXTS as E,
  EMAIL_CHANGE_MAIL_TEXTS,
  DECISION_MAIL_TEXTS,
  FLAG_CATEGORY_TEXTS,
  formatDateTimeJa,
  LIMITS,
  SECURITY_MAIL_TEXTS,
  SITE_TEXTS,
  TAKEDOWN_MAIL_TEXTS,
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
  return ['', A.signature.rule, SITE, publicUrl, A.signature.sendOnly].join('\n');
}

const hours = (seconds: number) => Math.round(seconds / 3600);

export function verificationMail({ to, link, publicUrl }: { to: string; link: string; publicUrl: string }): OutgoingMail {
  const V = A.verification;
  return {
    to,
    subject: V.subject,
    text: [V.thanks, '', V.openLink, '', link, '', V.expires(hours(TIMINGS.verifyEmailTtlSec)), V.resend, `${publicUrl}/verify-email?resend=1`, '', V.notYou, signature(publicUrl)].join(
      '\n',
    ),
  };
}

/** Issue 35: to the new address, the link that completes the change. */
export function emailChangeConfirmMail({ to, link, publicUrl }: { to: string; link: string; publicUrl: string }): OutgoingMail {
  const C = EMAIL_CHANGE_MAIL_TEXTS.confirm;
  return { to, subject: C.subject, text: [C.received, '', C.openLink, '', link, '', C.expires(hours(TIMINGS.emailChangeTtlSec)), '', C.notYou, signature(publicUrl)].join('\n') };
}

/** Issue 35: to the old address, once the change is done, so a hijacked account does not go unnoticed. */
export function emailChangedMail({ to, at, publicUrl }: { to: string; at: Date; publicUrl: string }): OutgoingMail {
  const C = EMAIL_CHANGE_MAIL_TEXTS.changed;
  return { to, subject: C.subject, text: [C.happened(formatDateTimeJa(at)), '', C.notYou, `${publicUrl}/contact-form`, signature(publicUrl)].join('\n') };
}

export function alreadyRegisteredMail({ to, publicUrl }: { to: string; publicUrl: string }): OutgoingMail {
  const R = A.alreadyRegistered;
  return {
    to,
    subject: R.subject,
    text: [R.happened, R.nothingCreated, '', R.logIn, `${publicUrl}/login`, '', R.forgot, `${publicUrl}/forgot-password`, '', R.notYou, signature(publicUrl)].join('\n'),
  };
}

export function passwordResetMail({ to, link, publicUrl }: { to: string; link: string; publicUrl: string }): OutgoingMail {
  const P = A.passwordReset;
  return {
    to,
    subject: P.subject,
    text: [P.received, '', P.openLink, '', link, '', P.expires(hours(TIMINGS.passwordResetTtlSec)), P.afterReset, '', P.notYou, signature(publicUrl)].join('\n'),
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
      A.signature.rule,
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
      D.effects[targetType][action],
      '',
      D.appealHow,
      link,
      signature(publicUrl),
    ].join('\n'),
  };
}

/** A sign-in from a browser and system this member has not used before. */
export function newSignInMail({ to, device, at, publicUrl }: { to: string; device: string; at: Date; publicUrl: string }): OutgoingMail {
  const S = SECURITY_MAIL_TEXTS;
  return {
    to,
    subject: `【${SITE}】${S.newSignInSubject}`,
    text: [S.newSignInIntro(SITE), '', S.at(formatDateTimeJa(at)), S.browser(device), '', S.ifYou, '', S.ifNotYou, `${publicUrl}/forgot-password`, '', S.sessionsHint, signature(publicUrl)].join('\n'),
  };
}

/** Issue 35: the password was right but the second step failed (`locked`: and the code step is now locked). */
export function secondStepFailedMail({ to, at, locked, publicUrl }: { to: string; at: Date; locked: boolean; publicUrl: string }): OutgoingMail {
  const S = SECURITY_MAIL_TEXTS;
  const intro = locked ? S.codesLockedIntro(SITE, LIMITS.wrongCodesToLock, TIMINGS.wrongCodesWindowSec / 60) : S.secondStepFailedIntro(SITE);
  return {
    to,
    subject: `【${SITE}】${locked ? S.codesLockedSubject : S.secondStepFailedSubject}`,
    text: [intro, '', S.at(formatDateTimeJa(at)), '', S.secondStepIfYou, '', S.secondStepIfNotYou, `${publicUrl}/forgot-password`, signature(publicUrl)].join('\n'),
  };
}

/** The appellant: the appeal's outcome. */
export function appealOutcomeMail({
  to,
  overturned,
  appealedAction,
  reason,
  link,
  publicUrl,
}: {
  to: string;
  overturned: boolean;
  /** The decision appealed, which says what overturning it did. */
  appealedAction: AdverseAction;
  reason: string;
  link: string;
  publicUrl: string;
}): OutgoingMail {
  const outcome = overturned ? `${D.overturned}${D.overturnEffects[appealedAction]}` : D.upheld;
  return {
    to,
    subject: `【${SITE}】${D.appealSubject}`,
    text: [outcome, '', `${D.reason}: ${reason}`, '', link, signature(publicUrl)].join('\n'),
  };
}

const T = TAKEDOWN_MAIL_TEXTS;

/** To the address given on the takedown form: confirm it, or the request never reaches the operators. */
export function takedownConfirmMail({ to, link, publicUrl }: { to: string; link: string; publicUrl: string }): OutgoingMail {
  return {
    to,
    subject: `【${SITE}】${T.confirmSubject}`,
    text: [T.confirmIntro, '', link, '', T.confirmExpiry, T.confirmNotYou, signature(publicUrl)].join('\n'),
  };
}

/** The request reached the operators: its number, what it names and how soon it will be decided. */
export function takedownReceiptMail({ to, requestId, contentUrl, intimate, publicUrl }: { to: string; requestId: number; contentUrl: string; intimate: boolean; publicUrl: string }): OutgoingMail {
  return {
    to,
    subject: `【${SITE}】${T.receiptSubject}`,
    text: [T.receiptIntro, '', `${T.receiptRef}: ${requestId}`, `${T.receiptUrl}: ${contentUrl}`, '', intimate ? T.receiptClockIntimate : T.receiptClockOther, '', T.police, signature(publicUrl)].join('\n'),
  };
}

/** The outcome, and nothing about the member concerned. */
export function takedownDecisionMail({ to, requestId, contentUrl, removed, publicUrl }: { to: string; requestId: number; contentUrl: string; removed: boolean; publicUrl: string }): OutgoingMail {
  return {
    to,
    subject: `【${SITE}】${T.decisionSubject}`,
    text: [
      T.decisionIntro,
      '',
      `${T.receiptRef}: ${requestId}`,
      `${T.receiptUrl}: ${contentUrl}`,
      '',
      removed ? T.decisionRemoved : T.decisionNotRemoved,
      T.decisionPrivacy,
      '',
      T.police,
      signature(publicUrl),
    ].join('\n'),
  };
}
