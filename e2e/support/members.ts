import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { COOKIE_NAMES, SECURITY_TEXTS, XSRF_HEADER, type TagItem } from '@hiraku/shared';
import { connectToE2eDatabase } from './answerScan';
import { mailboxSnapshot, tokenLinkIn, waitForMailTo } from './mailbox';
import { totpCode } from './twoFactor';

export interface TestMember {
  email: string;
  password: string;
  /** Set when the account has two-factor sign-in on (every operator): the test computes its codes. */
  totpSecret?: string;
}

/** The anti-forgery header for this context's cookie jar; a first GET makes the server set the cookie. */
export async function xsrfHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const find = async () => (await request.storageState()).cookies.find((cookie) => cookie.name === COOKIE_NAMES.xsrf)?.value;
  let token = await find();
  if (!token) {
    await request.get('/api/auth/me');
    token = await find();
  }
  if (!token) throw new Error('the server set no XSRF-TOKEN cookie');
  return { [XSRF_HEADER]: token };
}

/**
 * A member with a confirmed address, made through the real API and the real mail, for tests whose
 * subject is not sign-up itself. Pass `page.request` so the browser shares the cookies. Signing up makes
 * a new member (issue 35); unless `newMember` is asked for, the member is then put past that stage in the
 * database, as `create-user --established` would make them, so a test that posts a lot is not limited.
 */
export async function createConfirmedMember(request: APIRequestContext, label: string, { newMember = false }: { newMember?: boolean } = {}): Promise<TestMember> {
  const member = { email: `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.jp`, password: 'shiken-you-no-aikotoba' };
  const seen = await mailboxSnapshot();
  const signup = await request.post('/api/signup', { data: { ...member, agreedToTerms: true }, headers: await xsrfHeaders(request) });
  if (signup.status() !== 201) throw new Error(`sign-up answered ${signup.status()}: ${await signup.text()}`);
  const link = new URL(tokenLinkIn(await waitForMailTo(member.email, 'メールアドレスの確認', seen), '/verify-email'), 'http://local');
  const verify = await request.get(`/api/signup/verify-email${link.search}`);
  if (!verify.ok()) throw new Error(`verification answered ${verify.status()}`);
  if (!newMember) await establishMember(member.email);
  return member;
}

/** Puts a member past the new members' stage (what `create-user --established` makes). */
async function establishMember(email: string): Promise<void> {
  const db = await connectToE2eDatabase();
  try {
    await db.query('UPDATE users SET new_stage_until = NULL, new_stage_reason = NULL WHERE LOWER(email) = ?', [email.toLowerCase()]);
  } finally {
    await db.end();
  }
}

/** Logs in through the API; with `page.request` the browser page is signed in too. */
export async function logInThroughApi(request: APIRequestContext, member: TestMember): Promise<void> {
  const response = await request.post('/api/auth/login', { data: { email: member.email, password: member.password }, headers: await xsrfHeaders(request) });
  if (!response.ok()) throw new Error(`login answered ${response.status()}: ${await response.text()}`);
  if (!((await response.json()) as { twoFactorRequired?: boolean }).twoFactorRequired) return;
  if (!member.totpSecret) throw new Error(`${member.email} has two-factor sign-in on and the test has no secret`);
  const second = await request.post('/api/auth/login/code', { data: { code: await totpCode(member.totpSecret) }, headers: await xsrfHeaders(request) });
  if (!second.ok()) throw new Error(`login code answered ${second.status()}: ${await second.text()}`);
}

/** The login form's code step, for an account with two-factor sign-in (after the password was sent). */
export async function enterLoginCode(scope: Page | Locator, member: TestMember): Promise<void> {
  if (!member.totpSecret) return;
  await scope.getByRole('textbox', { name: SECURITY_TEXTS.loginCode.label, exact: true }).fill(await totpCode(member.totpSecret));
  await scope.getByRole('button', { name: SECURITY_TEXTS.loginCode.submit }).click();
}

/** Gives the signed-in member of `request` a profile (the first tag of each category), as posting a report needs. */
export async function createProfileThroughApi(request: APIRequestContext, username: string): Promise<void> {
  const tags = (await (await request.get('/api/tags')).json()) as TagItem[];
  const first = (key: string) => String(tags.find((tag) => tag.category_id?.key === key)?._id);
  const response = await request.post('/api/profile/createOrUpdate', {
    headers: await xsrfHeaders(request),
    multipart: { username, gender: first('gender'), sexualOrientation: first('sexualOrientation'), role: first('role'), twitterId: '' },
  });
  if (!response.ok()) throw new Error(`profile answered ${response.status()}: ${await response.text()}`);
}
