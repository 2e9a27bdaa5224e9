import { applyReportsIndexSettings, upsertReportDocuments } from '@hiraku/search';
import { CATEGORY_KEYS, type CategoryKey } from '@hiraku/shared';
import { Op, type Sequelize } from 'sequelize';
import { refreshMatchTexts } from '../../commands/reportMatchText';
import { enqueueReportSearchSync } from '../../commands/searchOutbox';
import { hashPassword } from '../../auth/password';
import { newImageKey, processImage, type ImageVariant } from '../../images/imagePipeline';
import type { Logger } from '../../logger';
import type { Models, User } from '../../models';
import { buildReportDocuments } from '../../search/reportDocumentBuilder';
import type { SearchService } from '../../search/searchService';
import type { Storage } from '../../storage/storage';
import { seedTaxonomy } from '../taxonomy';
import { renderIconArt, renderReportArt } from './demoImages';
import { DEMO_MEMBERS, DEMO_PASSWORD, DEMO_MEMBERS_MIN, demoEmail } from './demoMembers';
import { DEMO_DRAFTS, DEMO_REPORTS, type DemoDraft, type DemoReport } from './demoReports';
import { createRandom, hashText } from './random';
import { isReportListed } from '../../visibility';
import { writeTransaction } from '../../db/transaction';

export interface SeedDemoServices {
  sequelize: Sequelize;
  models: Models;
  storage: Storage;
  search: SearchService;
  logger: Logger;
}

export interface SeedDemoOptions {
  /** Demo members to make sure exist (DEMO_MEMBERS_MIN to DEMO_MEMBERS.length). */
  members: number;
  /** Published demo reports to make sure exist (1 to DEMO_REPORTS.length). */
  reports: number;
  /** "Now" for the spread of dates; tests pin it. */
  now?: Date;
  /** Called after each published report, created or already there. */
  onReport?: (done: number, total: number) => void;
}

export interface SeedDemoResult {
  membersCreated: number;
  membersExisting: number;
  reportsCreated: number;
  reportsExisting: number;
  draftsCreated: number;
  likesCreated: number;
  commentsCreated: number;
  imagesStored: number;
  /** Demo reports now in the search index. */
  indexed: number;
  /** Why indexing failed (the outbox rows will index them later), or null. */
  indexError: string | null;
  password: string;
}


const SPREAD_DAYS = 28;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const LIKE_PROBABILITY = 0.5;
const INDEX_BATCH = 500;

interface DemoMemberRow {
  userId: number;
  /** Position among the members of this run, so templates can wrap around when there are fewer. */
  position: number;
  suspended: boolean;
  genderTagId: number | null;
  sexualOrientationTagId: number | null;
  roleTagId: number | null;
}

type TagIdOf = (key: CategoryKey, name: string) => number | null;

/**
 * Fills the database with demo members and reports for trying the product out. Re-running adds
 * nothing twice: members are found by their fixed e-mail, reports by author and title, so an
 * interrupted run is completed by the next one. Each report, with its tools, steps, tags, likes,
 * comments and outbox row, is written in one transaction.
 */
export async function seedDemo(services: SeedDemoServices, options: SeedDemoOptions): Promise<SeedDemoResult> {
  assertRange('members', options.members, DEMO_MEMBERS_MIN, DEMO_MEMBERS.length);
  assertRange('reports', options.reports, 1, DEMO_REPORTS.length);
  const { models } = services;
  const now = options.now ?? new Date();
  const result: SeedDemoResult = {
    membersCreated: 0,
    membersExisting: 0,
    reportsCreated: 0,
    reportsExisting: 0,
    draftsCreated: 0,
    likesCreated: 0,
    commentsCreated: 0,
    imagesStored: 0,
    indexed: 0,
    indexError: null,
    password: DEMO_PASSWORD,
  };

  await seedTaxonomy(models);
  const tagIdOf = await loadTagLookup(models);
  const members = await ensureMembers(services, options.members, tagIdOf, now, result);

  // Every demo address, not only this run's: a run with fewer members must still see earlier reports.
  const demoUsers = await models.User.findAll({ attributes: ['id'], where: { email: { [Op.in]: DEMO_MEMBERS.map((_, i) => demoEmail(i)) } } });
  const existing = await models.Report.findAll({
    attributes: ['id', 'title', 'listed'],
    where: { authorId: { [Op.in]: demoUsers.map((user) => user.id) } },
  });
  const existingTitles = new Set(existing.map((report) => report.title));
  const listedIds = existing.filter((report) => report.listed).map((report) => report.id);

  const templates = DEMO_REPORTS.slice(0, options.reports);
  // Authors take turns through the weeks instead of posting their six reports in a row.
  const slots = createRandom(hashText('demo-dates')).shuffle(templates.map((_, i) => i));
  for (const [index, template] of templates.entries()) {
    if (existingTitles.has(template.title)) {
      result.reportsExisting += 1;
    } else {
      const slot = slots.indexOf(index);
      const createdAt = new Date(now.getTime() - ((templates.length - slot) * SPREAD_DAYS * DAY_MS) / templates.length);
      const created = await createPublishedReport(services, template, members, tagIdOf, createdAt, now, result);
      if (created.listed) listedIds.push(created.id);
    }
    options.onReport?.(index + 1, templates.length);
  }

  for (const draft of DEMO_DRAFTS) {
    if (existingTitles.has(draft.title)) continue;
    await createDraft(models, draft, members, now);
    result.draftsCreated += 1;
  }

  await indexNow(services, listedIds, result);
  return result;
}

function assertRange(name: string, value: number, min: number, max: number): void {
  if (!Number.isSafeInteger(value) || value < min || value > max) throw new RangeError(`${name} must be an integer from ${min} to ${max}: ${value}`);
}

/** Tag ids by category key and name; categories are found by key because operators may rename them. */
async function loadTagLookup(models: Models): Promise<TagIdOf> {
  const categories = await models.Category.findAll({
    where: { key: { [Op.in]: [...CATEGORY_KEYS] } },
    include: [{ model: models.Tag, as: 'tags', attributes: ['id', 'name'] }],
  });
  const byKey = new Map<string, Map<string, number>>();
  for (const category of categories) {
    if (category.key) byKey.set(category.key, new Map((category.tags ?? []).map((tag) => [tag.name, tag.id])));
  }
  return (key, name) => byKey.get(key)?.get(name) ?? null;
}

/** Play tags the template names; an operator may have renamed or removed some, which are then left out. */
function playTagIds(tagIdOf: TagIdOf, key: 'playCategory' | 'playContent', names: readonly string[]): number[] {
  return [...new Set(names.map((name) => tagIdOf(key, name)).filter((id): id is number => id !== null))];
}

async function ensureMembers(
  services: SeedDemoServices,
  count: number,
  tagIdOf: TagIdOf,
  now: Date,
  result: SeedDemoResult,
): Promise<DemoMemberRow[]> {
  const { models, sequelize, storage } = services;
  const rows: DemoMemberRow[] = [];
  for (const [position, persona] of DEMO_MEMBERS.slice(0, count).entries()) {
    const email = demoEmail(position);
    const found = await models.User.findOne({ where: { email }, include: [{ model: models.Profile, as: 'profile' }] });
    let user: User;
    if (found?.profile) {
      user = found;
      result.membersExisting += 1;
    } else {
      // A member without a profile (an earlier run stopped half-way) only gets the profile.
      const passwordHash = found ? null : await hashPassword(DEMO_PASSWORD);
      const iconKey = await storeImage(storage, await renderIconArt(hashText(email)), 'icon', 'icons', result);
      const joinedAt = new Date(now.getTime() - (SPREAD_DAYS + 2) * DAY_MS + position * HOUR_MS);
      try {
        user = await writeTransaction(sequelize, async (transaction) => {
          const member =
            found ??
            (await models.User.create(
              { email, passwordHash: passwordHash ?? '', emailVerifiedAt: joinedAt, adultAttestedAt: joinedAt, tutorialPending: false, createdAt: joinedAt },
              { transaction },
            ));
          member.profile = await models.Profile.create(
            {
              userId: member.id,
              username: persona.username,
              iconKey,
              genderTagId: tagIdOf('gender', persona.gender),
              sexualOrientationTagId: tagIdOf('sexualOrientation', persona.sexualOrientation),
              roleTagId: tagIdOf('role', persona.role),
              twitterId: persona.twitterId,
              createdAt: joinedAt,
            },
            { transaction },
          );
          return member;
        });
      } catch (error) {
        await storage.delete(iconKey).catch(() => undefined);
        throw error;
      }
      if (found) result.membersExisting += 1;
      else result.membersCreated += 1;
    }
    const profile = user.profile;
    rows.push({
      userId: user.id,
      position,
      suspended: user.suspendedAt !== null,
      genderTagId: profile?.genderTagId ?? null,
      sexualOrientationTagId: profile?.sexualOrientationTagId ?? null,
      roleTagId: profile?.roleTagId ?? null,
    });
  }
  return rows;
}

async function createPublishedReport(
  services: SeedDemoServices,
  template: DemoReport,
  members: readonly DemoMemberRow[],
  tagIdOf: TagIdOf,
  createdAt: Date,
  now: Date,
  result: SeedDemoResult,
): Promise<{ id: number; listed: boolean }> {
  const { models, sequelize, storage } = services;
  const author = authorOf(template, members);
  const random = createRandom(hashText(template.title));

  const others = members.filter((member) => member !== author);
  const likers = others.filter(() => random.chance(LIKE_PROBABILITY));
  // Commenters go round the other members, starting after the author.
  const comments = (template.comments ?? []).map((text, k) => ({ text, by: others[(author.position + k) % others.length] as DemoMemberRow }));
  const later = (maxHours: number) => new Date(Math.min(now.getTime(), createdAt.getTime() + random.int(1, maxHours) * HOUR_MS));

  const art = await renderReportArt(hashText(template.title));
  const mainImageKey = await storeImage(storage, art, 'reportMain', 'reports', result);
  const thumbnailKey = await storeImage(storage, art, 'reportThumbnail', 'reports', result);
  const listed = isReportListed({ isDraft: false, hiddenAt: null, authorSuspended: author.suspended, audience: 'members' });
  try {
    const id = await writeTransaction(sequelize, async (transaction) => {
      const report = await models.Report.create(
        {
          authorId: author.userId,
          title: template.title,
          description: template.description,
          tips: template.tips,
          duration: template.duration ?? null,
          genderTagId: author.genderTagId,
          sexualOrientationTagId: author.sexualOrientationTagId,
          roleTagId: author.roleTagId,
          isDraft: false,
          listed,
          publishedAt: createdAt,
          mainImageKey,
          thumbnailKey,
          // Generated abstract art, nothing sensitive in it: shown as is (issue 19's label is for photos).
          imageSensitive: false,
          likeCount: likers.length,
          commentCount: comments.length,
          createdAt,
          updatedAt: createdAt,
        },
        // silent: keep the back-dated updatedAt instead of stamping "now".
        { transaction, silent: true },
      );
      const reportId = report.id;
      await models.ReportTool.bulkCreate(
        template.tools.map((tool, i) => ({ reportId, position: i + 1, name: tool.name, quantity: tool.quantity })),
        { transaction },
      );
      await models.ReportStep.bulkCreate(
        template.steps.map((action, i) => ({ reportId, stepNumber: i + 1, action })),
        { transaction },
      );
      await models.ReportTag.bulkCreate(
        [
          ...playTagIds(tagIdOf, 'playCategory', template.playCategories).map((tagId, i) => ({ reportId, kind: 'playCategory' as const, tagId, position: i + 1 })),
          ...playTagIds(tagIdOf, 'playContent', template.playContents).map((tagId, i) => ({ reportId, kind: 'playContent' as const, tagId, position: i + 1 })),
        ],
        { transaction },
      );
      await models.Like.bulkCreate(
        likers.map((member) => ({ reportId, userId: member.userId, createdAt: later(72) })),
        { transaction },
      );
      for (const comment of comments) {
        const at = later(96);
        await models.Comment.create({ reportId, authorId: comment.by.userId, text: comment.text, createdAt: at, updatedAt: at }, { transaction, silent: true });
      }
      await refreshMatchTexts(models, [reportId], { transaction });
      if (listed) {
        await enqueueReportSearchSync(models, [reportId], 'upsert', { transaction });
      }
      return reportId;
    });
    result.reportsCreated += 1;
    result.likesCreated += likers.length;
    result.commentsCreated += comments.length;
    return { id, listed };
  } catch (error) {
    await Promise.all([storage.delete(mainImageKey), storage.delete(thumbnailKey)]).catch(() => undefined);
    throw error;
  }
}

async function createDraft(models: Models, draft: DemoDraft, members: readonly DemoMemberRow[], now: Date): Promise<void> {
  const author = authorOf(draft, members);
  await models.Report.create({
    authorId: author.userId,
    title: draft.title,
    description: draft.description,
    genderTagId: author.genderTagId,
    sexualOrientationTagId: author.sexualOrientationTagId,
    roleTagId: author.roleTagId,
    isDraft: true,
    listed: false,
    publishedAt: null,
    createdAt: new Date(now.getTime() - DAY_MS),
  });
}

function authorOf(template: { author: number }, members: readonly DemoMemberRow[]): DemoMemberRow {
  const member = members[template.author % members.length];
  if (!member) throw new Error('no demo members');
  return member;
}

async function storeImage(storage: Storage, source: Buffer, variant: ImageVariant, folder: 'icons' | 'reports', result: SeedDemoResult): Promise<string> {
  // Through the same pipeline as a member's upload, so demo images are exactly what the product stores.
  const image = await processImage(source, variant);
  const key = newImageKey(folder, image.extension);
  await storage.put(key, image.data, image.contentType);
  result.imagesStored += 1;
  return key;
}

/**
 * Indexes the demo reports right away so search works at once. The outbox rows written with each
 * report cover the case where the engine is down now: the sync worker indexes them later.
 */
async function indexNow(services: SeedDemoServices, reportIds: readonly number[], result: SeedDemoResult): Promise<void> {
  if (reportIds.length === 0) return;
  const { client, reportsIndexUid } = services.search;
  try {
    await applyReportsIndexSettings(client, reportsIndexUid);
    for (let start = 0; start < reportIds.length; start += INDEX_BATCH) {
      const documents = await buildReportDocuments(services.models, reportIds.slice(start, start + INDEX_BATCH));
      await upsertReportDocuments(client, reportsIndexUid, documents);
      result.indexed += documents.length;
    }
  } catch (error) {
    result.indexError = error instanceof Error ? error.message : String(error);
    services.logger.warn({ err: error }, 'デモレポートを検索インデックスに登録できませんでした');
  }
}
