import fs from 'node:fs/promises';
import path from 'node:path';

/** One message as the test SMTP server stored it, decoded enough to read as a member would. */
export interface ReceivedMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

/** Every message in the mailbox, oldest first. */
export async function readMailbox(mailboxDir: string): Promise<ReceivedMail[]> {
  const names = (await fs.readdir(mailboxDir).catch(() => [])).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(names.map(async (name) => parseMail(name, await fs.readFile(path.join(mailboxDir, name), 'latin1'))));
}

/** Waits until a message for `to` arrives that was not in `seen`; mails sent after the answer need this. */
export async function waitForMail(
  mailboxDir: string,
  match: (mail: ReceivedMail) => boolean,
  { timeoutMs = 10_000, seen = [] as ReceivedMail[] } = {},
): Promise<ReceivedMail> {
  const seenFiles = new Set(seen.map((mail) => mail.file));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readMailbox(mailboxDir)).find((mail) => !seenFiles.has(mail.file) && match(mail));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no matching mail arrived in ${mailboxDir} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The first link in the mail whose path is `pathname` (e.g. '/verify-email'). */
export function linkIn(mail: ReceivedMail, pathname: string): URL {
  for (const raw of mail.text.match(/https?:\/\/\S+/g) ?? []) {
    const url = new URL(raw);
    if (url.pathname === pathname) return url;
  }
  throw new Error(`no ${pathname} link in mail "${mail.subject}":\n${mail.text}`);
}

/** The raw file is read as latin1 so each byte stays one char until the body's own encoding is undone. */
function parseMail(file: string, raw: string): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : Buffer.from(body, 'latin1');
  return {
    file,
    to: decodeHeader(headers.get('to') ?? '').replace(/^.*<([^>]+)>.*$/, '$1'),
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: bytes.toString('utf8').replace(/\r\n/g, '\n'),
  };
}

function decodeQuotedPrintable(text: string): Buffer {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(joined.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 words; neighbouring words are joined as bytes, because one character may span two of them. */
function decodeHeader(value: string): string {
  const joined = value.replace(/\?=\s+=\?/g, '?==?');
  return joined.replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)+/g, (run) => {
    const parts: Buffer[] = [];
    for (const [, , kind, data] of run.matchAll(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g)) {
      parts.push(
        kind?.toUpperCase() === 'B'
          ? Buffer.from(data ?? '', 'base64')
          : decodeQuotedPrintable((data ?? '').replace(/_/g, ' ')),
      );
    }
    return Buffer.concat(parts).toString('utf8');
  });
}
