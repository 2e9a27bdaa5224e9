import type { BrowserContext, Response } from '@playwright/test';
import { COOKIE_NAMES } from '@hiraku/shared';
import mysql from 'mysql2/promise';
import { scanAnswer } from '../../server/test/support/responseScan';
import { E2E_DATABASE, E2E_MYSQL_URL } from './env';

/**
 * Scans every API answer a browser context receives (server/test/support/responseScan.ts): another
 * member's address, a password hash, a token, an internal member id. The caller is read from the request's
 * own access cookie; who owns an address and which token hashes exist come from the e2e database.
 */
export class AnswerScanner {
  readonly findings: string[] = [];
  /** Answers read and scanned, and answers whose body could not be read any more (the page went away). */
  scanned = 0;
  unreadable = 0;
  private readonly pending = new Set<Promise<void>>();
  private readonly watched = new WeakSet<BrowserContext>();
  private hashes: { at: number; read: Promise<string[]> } | null = null;
  private readonly cookies = new WeakMap<BrowserContext, { at: number; read: Promise<Map<string, string>> }>();

  constructor(private readonly db: mysql.Connection) {}

  watch(context: BrowserContext): void {
    if (this.watched.has(context)) return;
    this.watched.add(context);
    context.on('response', (response) => {
      if (!new URL(response.url()).pathname.startsWith('/api/')) return;
      const work = within(SCAN_TIMEOUT_MS, this.scan(context, response))
        .catch(() => {
          this.unreadable += 1;
        })
        .finally(() => this.pending.delete(work));
      this.pending.add(work);
    });
  }

  /** The findings so far, leaving none behind (for a test that plants a leak on purpose). */
  takeFindings(): string[] {
    return this.findings.splice(0);
  }

  /** Waits for every scan under way. */
  async settle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private async scan(context: BrowserContext, response: Response): Promise<void> {
    // Throws when the page or context went away before the body was read: counted as unreadable.
    const text = (await response.body()).toString('utf8');
    const cookies = await this.cookiesOf(context, response.url());
    const found = await scanAnswer(text, parsed(text), {
      caller: { id: userIdOf(cookies.get(COOKIE_NAMES.access)) },
      accountOf: (email) => this.accountOf(email),
      secrets: [...cookies.values(), ...(await this.tokenHashes())],
    });
    this.scanned += 1;
    const request = response.request();
    const where = `${request.method()} ${new URL(response.url()).pathname} (${response.status()})`;
    for (const finding of found) this.findings.push(`${where}: ${finding}`);
  }

  /**
   * The context's cookies (who asks, and the secrets they hold), read again only after a call that may
   * change them or a few seconds on: asking the browser for each of a page's many answers slows a busy
   * test. (The request's own Cookie header is not always reported, and waiting for it can hang.)
   */
  private async cookiesOf(context: BrowserContext, url: string): Promise<Map<string, string>> {
    const now = Date.now();
    const cached = this.cookies.get(context);
    if (cached && now - cached.at < CACHE_TTL_MS && !SESSION_PATHS.test(new URL(url).pathname)) return cached.read;
    const read = context.cookies(url).then((cookies) => new Map(cookies.map((cookie) => [cookie.name, cookie.value])));
    this.cookies.set(context, { at: now, read });
    return read;
  }

  private async accountOf(email: string): Promise<number | null> {
    const [rows] = await this.db.query<mysql.RowDataPacket[]>('SELECT id FROM users WHERE LOWER(email) = ? LIMIT 1', [email.toLowerCase()]);
    return rows[0] ? Number(rows[0].id) : null;
  }

  /** The stored token hashes, read again at most every few seconds: a page sends bursts of calls. */
  private async tokenHashes(): Promise<string[]> {
    const now = Date.now();
    if (!this.hashes || now - this.hashes.at > CACHE_TTL_MS) {
      const read = this.db
        .query<mysql.RowDataPacket[]>('SELECT token_hash AS h FROM refresh_tokens UNION ALL SELECT token_hash AS h FROM one_time_tokens')
        .then(([rows]) => rows.map((row) => String(row.h)));
      this.hashes = { at: now, read };
    }
    return this.hashes.read;
  }
}

export async function connectToE2eDatabase(): Promise<mysql.Connection> {
  return mysql.createConnection(`${E2E_MYSQL_URL}/${E2E_DATABASE}`);
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const SCAN_TIMEOUT_MS = 10_000;
const CACHE_TTL_MS = 2_000;
/** Calls after which the session cookies may differ. */
const SESSION_PATHS = /^\/api\/(auth|signup|password-reset|profile\/deleteAccount)/;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('scan timed out')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The member id inside an access token (`<base64url JSON>.<signature>`); the server checked the signature. */
function userIdOf(token: string | undefined): number | null {
  if (!token) return null;
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as { userId?: unknown };
    return typeof claims.userId === 'number' ? claims.userId : null;
  } catch {
    return null;
  }
}
