import { COOKIE_NAMES } from '@hiraku/shared';
import { QueryTypes } from 'sequelize';
import type { HttpClient } from '../support/httpClient';
import { DISTINCT_USER_IDS_SQL, scanAnswer } from '../support/responseScan';
import type { TestApp } from '../support/testApp';

/**
 * What the security tests need to scan answers (support/responseScan.ts) against a test app: members'
 * internal ids made recognisable, who owns an address, and every secret the test can know of.
 */

/** Run right after startTestApp, before any member exists. */
export async function prepareForScanning(app: TestApp): Promise<void> {
  await app.services.sequelize.query(DISTINCT_USER_IDS_SQL);
}

/** The internal id of the member with this address (as the login compares it), or null. */
export function emailOwnerLookup(app: TestApp): (email: string) => Promise<number | null> {
  return async (email) => {
    const [row] = await app.services.sequelize.query<{ id: number }>('SELECT id FROM users WHERE LOWER(email) = ? LIMIT 1', {
      replacements: [email.toLowerCase()],
      type: QueryTypes.SELECT,
    });
    return row ? Number(row.id) : null;
  };
}

/** The clients' session and anti-forgery cookies, and the stored hashes of every refresh and mail token. */
export async function answerSecrets(app: TestApp, clients: Iterable<HttpClient>): Promise<string[]> {
  const secrets: string[] = [];
  for (const client of clients) {
    for (const name of Object.values(COOKIE_NAMES)) {
      const value = client.cookie(name);
      if (value) secrets.push(value);
    }
  }
  const hashes = await app.services.sequelize.query<{ h: string }>('SELECT token_hash AS h FROM refresh_tokens UNION ALL SELECT token_hash AS h FROM one_time_tokens', {
    type: QueryTypes.SELECT,
  });
  return [...secrets, ...hashes.map((row) => row.h)];
}

export interface AnswerScanner {
  /** Findings in one answer to a caller whose own address is `callerEmail`. */
  scan(text: string, json: unknown, callerEmail: string | null | undefined): Promise<string[]>;
  /** Call after a request that may have written (a new member, a new token): the next scan reloads. */
  changed(): void;
}

/**
 * A scanner for answers to `clients`, caching who owns which address and which secrets exist until
 * told that something changed, so that scanning thousands of answers costs little.
 */
export function answerScanner(app: TestApp, clients: () => Iterable<HttpClient>): AnswerScanner {
  const lookup = emailOwnerLookup(app);
  let owners = new Map<string, number | null>();
  let secrets: string[] | null = null;
  return {
    async scan(text, json, callerEmail) {
      secrets ??= await answerSecrets(app, clients());
      return scanAnswer(text, json, {
        caller: { email: callerEmail },
        secrets,
        accountOf: async (email) => {
          if (!owners.has(email)) owners.set(email, await lookup(email));
          return owners.get(email) ?? null;
        },
        memberExists: async (id) => (await app.services.models.User.count({ where: { id } })) > 0,
      });
    },
    changed() {
      owners = new Map();
      secrets = null;
    },
  };
}
