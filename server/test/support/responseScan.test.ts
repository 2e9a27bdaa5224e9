import { scanAnswer, USER_ID_BASE, type ScanOptions } from './responseScan';

/** Two members: the caller (id BASE) and someone else (id BASE + 1). */
const members = new Map([
  ['me@example.com', USER_ID_BASE],
  ['other@example.com', USER_ID_BASE + 1],
]);
const options: ScanOptions = {
  caller: { email: 'me@example.com' },
  accountOf: (email) => members.get(email) ?? null,
  secrets: ['s3cr3t-refresh-token-value-0123456789'],
};

async function scan(json: unknown): Promise<string[]> {
  return scanAnswer(JSON.stringify(json), json, options);
}

describe('scanAnswer', () => {
  it('passes an ordinary answer', async () => {
    expect(await scan({ _id: 12, title: '初めての後手縛り', publicId: 'aB3dE5gH7jK9', createdAt: '2026-11-22T01:02:03.456Z', likes: 1_700_000_000_000 })).toEqual([]);
  });

  it('finds a password hash anywhere', async () => {
    expect(await scan({ user: { passwordHash: '$argon2id$v=19$m=65536,t=3,p=4$abc$def' } })).toEqual(
      expect.arrayContaining(['a password hash ($argon2…)', 'a field named like a secret: user.passwordHash']),
    );
  });

  it("finds another member's address, in a field or inside text, but not the caller's own or an address no member has", async () => {
    expect(await scan({ email: 'me@example.com' })).toEqual([]);
    expect(await scan({ email: 'ME@example.com' })).toEqual([]);
    expect(await scan({ text: '連絡は stranger@example.org まで' })).toEqual([]);
    expect(await scan({ author: { email: 'other@example.com' } })).toEqual(["another member's e-mail address (other@example.com)"]);
    expect(await scan({ text: 'こちら Other@Example.com です' })).toEqual(["another member's e-mail address (other@example.com)"]);
  });

  it('knows the caller by internal id as well as by address', async () => {
    const byId = (id: number) => scanAnswer('{"email":"other@example.com"}', { email: 'other@example.com' }, { ...options, caller: { id } });
    expect(await byId(USER_ID_BASE + 1)).toEqual([]);
    expect(await byId(USER_ID_BASE)).toEqual(["another member's e-mail address (other@example.com)"]);
  });

  it('counts only ids members have when told who exists: digits in a file name are not a leak, a real id is', async () => {
    const real = { ...options, memberExists: (id: number) => id === USER_ID_BASE + 1 };
    const key = `reports/${USER_ID_BASE + 4_195_180}-main.webp`;
    expect(await scanAnswer(JSON.stringify({ key }), { key }, real)).toEqual([]);
    expect(await scanAnswer(JSON.stringify({ authorId: USER_ID_BASE + 1 }), { authorId: USER_ID_BASE + 1 }, real)).toEqual([`an internal member id (${USER_ID_BASE + 1})`]);
  });

  it('finds an internal member id as a number, as text or inside a URL, and nothing else of ten digits', async () => {
    expect(await scan({ authorId: USER_ID_BASE + 1 })).toEqual([`an internal member id (${USER_ID_BASE + 1})`]);
    expect(await scan({ link: `/users/${USER_ID_BASE}/reports` })).toEqual([`an internal member id (${USER_ID_BASE})`]);
    expect(await scan({ count: 1_234_567_890, at: 1_763_000_000 })).toEqual([]);
  });

  it('finds token-like values under secret names and known secrets anywhere, but not messages under such names', async () => {
    expect(await scan({ refreshToken: 'abcdefgh12345678' })).toEqual(['a field named like a secret: refreshToken']);
    expect(await scan({ note: 'x s3cr3t-refresh-token-value-0123456789 y' })).toEqual(['a secret value (s3cr3t…)']);
    expect(await scan({ error: 'validation_error', fields: { password: 'パスワードは8文字以上で入力してください。', token: '確認リンクが無効です。' } })).toEqual([]);
  });
});
