import type { AccountExport } from '@hiraku/shared';
import type { Sequelize } from 'sequelize';
import type { Models, User } from '../models';
import { presentProfile, profileIncludes, type LoadedProfile } from '../presenters/profile';
import { presentReport } from '../presenters/report';
import type { Storage } from '../storage/storage';
import { reportDetailInclude } from './reportLoader';
import { loadContentWarningSettings } from '../visibility';
import { exportSaves } from './saves/savesExport';
import { exportHeldByAccount } from './accountExportHeld';
import { exportFollows } from './followsExport';

/**
 * Gathers every row that belongs to the member, drafts and hidden content included, through the same
 * presenters the API uses, plus the private account fields only the member may see.
 */
export async function exportAccount(
  { models, storage, sequelize }: { models: Models; storage: Pick<Storage, 'url'>; sequelize: Sequelize },
  member: Pick<User, 'id'>,
): Promise<AccountExport> {
  // The request's member carries no e-mail address (auth/sessions.ts); the export reads the account itself.
  const user = await models.User.findByPk(member.id, { attributes: { exclude: ['passwordHash'] }, rejectOnEmpty: true });
  const viewer = { id: user.id, role: user.role };
  const [profile, reports, comments, likes, searches, enquiries, contentWarningSettings, saved, follows] = await Promise.all([
    models.Profile.findOne({ where: { userId: user.id }, include: profileIncludes(models) }),
    models.Report.findAll({ where: { authorId: user.id }, include: reportDetailInclude(models), order: [['createdAt', 'ASC'], ['id', 'ASC']] }),
    models.Comment.findAll({ where: { authorId: user.id }, order: [['createdAt', 'ASC'], ['id', 'ASC']] }),
    models.Like.findAll({ where: { userId: user.id }, attributes: ['reportId'], order: [['reportId', 'ASC']] }),
    models.SearchQuery.findAll({ where: { userId: user.id }, order: [['createdAt', 'ASC'], ['id', 'ASC']] }),
    models.ContactEnquiry.findAll({ where: { userId: user.id }, order: [['createdAt', 'ASC'], ['id', 'ASC']] }),
    loadContentWarningSettings(sequelize, user.id),
    exportSaves(models, user.id),
    exportFollows(sequelize, user.id),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account: {
      email: user.email,
      publicId: user.publicId,
      role: user.role,
      emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
      adultAttestedAt: user.adultAttestedAt.toISOString(),
      createdAt: user.createdAt.toISOString(),
    },
    profile: profile ? presentProfile(profile as LoadedProfile, storage) : null,
    reports: reports.map((report) => presentReport(report, { viewer, storage })),
    comments: comments.map((c) => ({ reportId: c.reportId, text: c.text, createdAt: c.createdAt.toISOString() })),
    likedReportIds: likes.map((like) => like.reportId),
    searches: searches.map((s) => ({ query: s.query, searchedAt: s.createdAt.toISOString() })),
    contentWarningSettings,
    enquiries: enquiries.map((e) => ({ category: e.category, name: e.name ?? null, email: e.email ?? null, content: e.content, createdAt: e.createdAt.toISOString() })),
    ...saved,
    ...follows,
    // -- issue 39 --
    ...(await exportHeldByAccount({ models, sequelize }, user)),
    // -- end issue 39 --
  };
}
