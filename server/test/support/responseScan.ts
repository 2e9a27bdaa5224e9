/**
 * The privacy scan every answer of the security battery, the fuzzer and the browser tests passes
 * through (issue 12): no member's e-mail address but the caller's own, no password hash, nothing that
 * looks like a token or secret, and no internal member id at all (answers name members by public id).
 *
 * Internal ids are told apart from every other number by where they start: the tests move the
 * members' AUTO_INCREMENT to USER_ID_BASE, far above any other table's ids, so any such number in an
 * answer is a member's internal id. Plain module (no server imports): the e2e fixture uses it too.
 */

/** Where the tests start members' internal ids (just over 2^31, so no 32-bit column can hold one either). */
export const USER_ID_BASE = 3_000_000_001;
const USER_ID_SPAN = 10_000_000;

/** The statement that makes internal member ids recognisable; run it before the first member is created. */
export const DISTINCT_USER_IDS_SQL = `ALTER TABLE users AUTO_INCREMENT = ${USER_ID_BASE}`;

/** Who asked: their own address may appear in their own answers. Either is enough to tell. */
export interface ScanCaller {
  email?: string | null;
  /** The caller's internal id (the browser tests read it from the access cookie). */
  id?: number | null;
}

export interface ScanOptions {
  caller: ScanCaller;
  /**
   * The internal id of the member whose address this is, or null when no member has it (an address typed
   * into a report or an enquiry is text, not a member's address). Lets the scan ignore what members wrote.
   */
  accountOf: (email: string) => Promise<number | null> | number | null;
  /** Values that must never leave the server: session and anti-forgery cookies, stored token hashes. */
  secrets?: Iterable<string>;
  /**
   * Whether a member has this internal id. Without it every ten-digit number in the members' range counts;
   * with it, only ids members really have, so digits that happen to sit in a generated file name or a
   * member's text (a soak run met 3004195181 among 60 members) are not taken for a leak.
   */
  memberExists?: (id: number) => Promise<boolean> | boolean;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const INTERNAL_ID = /(?<![\d.])\d{10}(?![\d.])/g;
/** Field names under which a secret would travel. */
const SECRET_KEY = /pass(word)?|hash|token|secret|xsrf|csrf|refresh|session|api_?key|master_?key/i;
const TOKEN_LIKE = /^[\x21-\x7e]{8,}$/;
const PASSWORD_HASHES = ['$argon2', '$2a$', '$2b$', '$scrypt$', '$placeholder$'];

/** Every key of a JSON value whose value is a non-empty string, with its path. */
function* stringFields(value: unknown, path = ''): Generator<[string, string, string]> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* stringFields(item, `${path}[${index}]`);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (typeof item === 'string') yield [key, at, item];
      else yield* stringFields(item, at);
    }
  }
}

/**
 * Findings in one answer (`text` as sent, `json` parsed when it was JSON); empty when clean. Each finding
 * names what was found and where, without repeating a secret in full.
 */
export async function scanAnswer(text: string, json: unknown, options: ScanOptions): Promise<string[]> {
  const findings: string[] = [];
  for (const marker of PASSWORD_HASHES) if (text.includes(marker)) findings.push(`a password hash (${marker}…)`);

  for (const secret of options.secrets ?? []) {
    if (secret.length >= 16 && text.includes(secret)) findings.push(`a secret value (${secret.slice(0, 6)}…)`);
  }

  for (const [key, at, value] of stringFields(json)) {
    // A token is a run of printable ASCII; a Japanese message under `fields.password` is not one.
    if (SECRET_KEY.test(key) && TOKEN_LIKE.test(value)) findings.push(`a field named like a secret: ${at}`);
  }

  const own = options.caller.email?.toLowerCase() ?? null;
  const addresses = new Set([...text.matchAll(EMAIL)].map((match) => match[0].toLowerCase()));
  for (const address of addresses) {
    if (address === own) continue;
    const account = await options.accountOf(address);
    if (account !== null && account !== options.caller.id) findings.push(`another member's e-mail address (${address})`);
  }

  for (const match of text.matchAll(INTERNAL_ID)) {
    const id = Number(match[0]);
    if (id < USER_ID_BASE || id >= USER_ID_BASE + USER_ID_SPAN) continue;
    if (!options.memberExists || (await options.memberExists(id))) findings.push(`an internal member id (${id})`);
  }
  return [...new Set(findings)];
}
