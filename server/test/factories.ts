import { randomBytes } from 'node:crypto';
import type { CreationAttributes } from 'sequelize';
import { signupStageColumns } from '../src/commands/memberStage';
import { refreshMatchTexts } from '../src/commands/reportMatchText';
import { newTotpSecret } from '../src/auth/totp';
import { Category, Profile, Report, ReportStep, ReportTag, ReportTool, Tag, User } from '../src/models';
import { isReportListed, isSuspended } from '../src/visibility';

/**
 * Builders for integration tests: each makes a valid record and any parent it needs. They use the model
 * classes bound by the latest initModels() call, i.e. the test file's own database.
 */

/** Not a real hash: nobody can log in with it. Tests that log in set a real one through the auth module. */
export const PLACEHOLDER_PASSWORD_HASH = '$placeholder$not-a-real-hash';

export type UserWithProfile = User & { profile: Profile };

function unique(): string {
  return randomBytes(4).toString('hex');
}

export interface UserOverrides extends Partial<CreationAttributes<User>> {
  profile?: Partial<Omit<CreationAttributes<Profile>, 'userId'>> | null;
}

/**
 * The columns of a member who just signed up and is in the new members' stage (issue 35): pass them to
 * createUser for a test about that stage. Without them a member is past it, so tests that post a lot
 * are not limited.
 */
export function newMemberColumns(now: Date = new Date()): Pick<CreationAttributes<User>, 'newStageUntil' | 'newStageReason'> {
  return signupStageColumns(now);
}

/**
 * A verified member who accepted the terms, past the new members' stage (see newMemberColumns), with a
 * profile unless `profile: null`. An operator comes with
 * two-factor sign-in on (a secret of their own), as operators must have it before any operator endpoint
 * answers; pass `totpEnabledAt: null` for one without. support/session.ts `logIn` types the code.
 */
export async function createUser(overrides: UserOverrides = {}): Promise<UserWithProfile> {
  const { profile: profileOverrides, ...userOverrides } = overrides;
  const suffix = unique();
  const now = new Date();
  const twoFactor = userOverrides.role === 'operator' || userOverrides.role === 'admin' ? { totpSecret: newTotpSecret(), totpEnabledAt: now } : {};
  const user = await User.create({
    email: `member-${suffix}@example.com`,
    passwordHash: PLACEHOLDER_PASSWORD_HASH,
    emailVerifiedAt: now,
    adultAttestedAt: now,
    tutorialPending: false,
    ...twoFactor,
    ...userOverrides,
  });
  if (profileOverrides !== null) {
    user.profile = await Profile.create({ userId: user.id, username: `会員${suffix}`, ...profileOverrides });
  }
  return user as UserWithProfile;
}

export async function createOperator(overrides: UserOverrides = {}): Promise<UserWithProfile> {
  return createUser({ role: 'operator', ...overrides });
}

/** Issue 38: an admin (above operator), with two-factor on as operators have. */
export async function createAdmin(overrides: UserOverrides = {}): Promise<UserWithProfile> {
  return createUser({ role: 'admin', ...overrides });
}

export async function createCategory(overrides: Partial<CreationAttributes<Category>> = {}): Promise<Category> {
  return Category.create({ name: `カテゴリ${unique()}`, ...overrides });
}

/** A tag in `category`, or in a new category when none is given (`category: null` for an unclassified tag). */
export async function createTag(
  overrides: Partial<CreationAttributes<Tag>> & { category?: Category | null } = {},
): Promise<Tag> {
  const { category, ...tagOverrides } = overrides;
  const categoryId = category === null ? null : (category ?? (await createCategory())).id;
  return Tag.create({ name: `タグ${unique()}`, categoryId, ...tagOverrides });
}

export interface ReportOverrides extends Partial<CreationAttributes<Report>> {
  author?: User;
  tools?: Array<{ name: string; quantity?: string | null }>;
  steps?: string[];
  playCategories?: Tag[];
  playContents?: Tag[];
}

/**
 * A published, listed report by `author` (a new member when omitted). Pass `isDraft: true` for a draft:
 * it is then not published. `listed` follows the visibility rules (draft, hidden, author suspended)
 * unless you set it, e.g. to make a row whose column was not recomputed.
 */
export async function createReport(overrides: ReportOverrides = {}): Promise<Report> {
  const { author, tools = [], steps = [], playCategories = [], playContents = [], ...reportOverrides } = overrides;
  const writer = author ?? (await createUser());
  const isDraft = reportOverrides.isDraft ?? false;
  const listed = isReportListed({ isDraft, hiddenAt: reportOverrides.hiddenAt ?? null, authorSuspended: isSuspended(writer), audience: reportOverrides.audience ?? 'members' });
  const report = await Report.create({
    authorId: writer.id,
    title: `レポート${unique()}`,
    description: '初めての緊縛。ゆっくり声をかけ合いながら進めました。',
    isDraft,
    listed,
    publishedAt: isDraft ? null : new Date(),
    ...reportOverrides,
  });
  await ReportTool.bulkCreate(
    tools.map((tool, index) => ({ reportId: report.id, position: index + 1, name: tool.name, quantity: tool.quantity ?? null })),
  );
  await ReportStep.bulkCreate(steps.map((action, index) => ({ reportId: report.id, stepNumber: index + 1, action })));
  await ReportTag.bulkCreate([
    ...playCategories.map((tag, index) => ({ reportId: report.id, kind: 'playCategory' as const, tagId: tag.id, position: index + 1 })),
    ...playContents.map((tag, index) => ({ reportId: report.id, kind: 'playContent' as const, tagId: tag.id, position: index + 1 })),
  ]);
  // As every report write does: muted words are matched against this (visibility/relations.ts).
  await refreshMatchTexts({ Report }, [report.id]);
  return report;
}
