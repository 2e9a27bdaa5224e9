import { readMailbox, waitForMail, type ReceivedMail } from '../../server/test/support/mailbox';
import { E2E_MAILBOX_DIR } from './env';

export type { ReceivedMail };

/** The mails already in the box, so a later wait only accepts a new one (the same address may get several). */
export function mailboxSnapshot(): Promise<ReceivedMail[]> {
  return readMailbox(E2E_MAILBOX_DIR);
}

/** Waits for a new mail to `to` whose subject contains `subject`; the server sends after it answers. */
export function waitForMailTo(to: string, subject: string, seen: ReceivedMail[] = []): Promise<ReceivedMail> {
  const address = to.toLowerCase();
  return waitForMail(E2E_MAILBOX_DIR, (mail) => mail.to.toLowerCase() === address && mail.subject.includes(subject), { seen, timeoutMs: 15_000 });
}

/**
 * The path and query of the link carrying a token to `pathname` ('/verify-email', '/reset-password'),
 * to open on the server under test. Other links to the same page (e.g. "?resend=1") are skipped.
 */
export function tokenLinkIn(mail: ReceivedMail, pathname: string): string {
  for (const raw of mail.text.match(/https?:\/\/[^\s<>"]+/g) ?? []) {
    const url = new URL(raw);
    if (url.pathname === pathname && url.searchParams.get('token')) return `${url.pathname}${url.search}`;
  }
  throw new Error(`no ${pathname}?token= link in mail "${mail.subject}":\n${mail.text}`);
}
