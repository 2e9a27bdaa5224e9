import { DataTypes, QueryTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

// Kept inside the migration on purpose: a landed migration must not change when a shared helper does.
const tableOptions = { charset: 'utf8mb4', collate: 'utf8mb4_unicode_ci', engine: 'InnoDB' };
const id = { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true, allowNull: false };
const time = (allowNull = false) => ({ type: DataTypes.DATE(3), allowNull, ...(allowNull ? { defaultValue: null } : {}) });
const text = (length: number, allowNull = false) => ({ type: DataTypes.STRING(length), allowNull, ...(allowNull ? { defaultValue: null } : {}) });
const reference = (table: string, onDelete: 'CASCADE' | 'SET NULL') => ({
  type: DataTypes.BIGINT,
  allowNull: onDelete === 'SET NULL',
  references: { model: table, key: 'id' },
  onDelete,
  onUpdate: 'CASCADE',
});

const DUE_HOURS_OTHER = 72;
const PRIORITY_OTHER = 7;
const RESOLUTION_TO_DECISION: Record<string, string> = { dismissed: 'dismiss', deleted: 'delete', suspended: 'suspend' };
const DECISION_TO_RESOLUTION: Record<string, string> = { dismiss: 'dismissed', harmless: 'dismissed', delete: 'deleted', hide: 'deleted', suspend: 'suspended' };

interface OldReport {
  id: number | string;
  commentId: number | string;
  reporterId: number | string;
  reason: string | null;
  createdAt: Date | string;
  resolvedAt: Date | string | null;
  resolution: string | null;
  resolvedBy: number | string | null;
  authorId: number | string;
  hiddenAt: Date | string | null;
}

const asDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(`${value.replace(' ', 'T')}${/Z|[+-]\d\d:?\d\d$/.test(value) ? '' : 'Z'}`));

/**
 * Flags and cases (issue 18). A member's flag (通報) of a report, comment or member under a category
 * belongs to the target's one open case; operators decide cases (claim, notes, a decision, appeals).
 * `moderation_cases.open_slot` is 1 while a case is open and NULL once closed, so the unique
 * (type, target_id, open_slot) index allows one open case per target and any number of closed ones
 * (appeal cases keep it NULL: they are found by `appeal_of_case_id`, unique, so a decision is appealed once).
 * `priority` and `due_at` are stored when the case opens (takedown cases, issue 21, bring their own due
 * clock), so the queue is one index range: (status, priority, id).
 *
 * Every comment report becomes a flag (category `other`, its reason as the note): the open ones on a
 * comment make its open case, the ones closed together (one resolution, one time) a closed case with
 * that decision. Then `comment_reports` goes; `down` brings it back from the comment flags.
 */
export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable(
    'moderation_cases',
    {
      id,
      type: text(16),
      target_type: text(16),
      target_id: { type: DataTypes.BIGINT, allowNull: false },
      author_id: reference('users', 'SET NULL'),
      category: text(24),
      priority: { type: DataTypes.INTEGER, allowNull: false },
      status: text(8),
      open_slot: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
      opened_at: time(),
      due_at: time(),
      claimed_by: reference('users', 'SET NULL'),
      claimed_at: time(true),
      auto_hidden_at: time(true),
      decision: text(16, true),
      decision_reason: text(500, true),
      decided_by: reference('users', 'SET NULL'),
      closed_at: time(true),
      content_version: time(true),
      appeal_of_case_id: { ...reference('moderation_cases', 'CASCADE'), allowNull: true, defaultValue: null },
      appeal_text: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
      created_at: time(),
    },
    tableOptions,
  );
  await queryInterface.addIndex('moderation_cases', ['type', 'target_id', 'open_slot'], { name: 'moderation_cases_open_target', unique: true });
  await queryInterface.addIndex('moderation_cases', ['status', 'priority', 'id'], { name: 'moderation_cases_queue' });
  await queryInterface.addIndex('moderation_cases', ['status', 'due_at'], { name: 'moderation_cases_status_due_at' });
  await queryInterface.addIndex('moderation_cases', ['target_type', 'target_id', 'id'], { name: 'moderation_cases_target' });
  await queryInterface.addIndex('moderation_cases', ['author_id', 'id'], { name: 'moderation_cases_author_id' });
  await queryInterface.addIndex('moderation_cases', ['appeal_of_case_id'], { name: 'moderation_cases_appeal_of', unique: true });

  await queryInterface.createTable(
    'flags',
    {
      id,
      case_id: reference('moderation_cases', 'CASCADE'),
      flagger_id: reference('users', 'CASCADE'),
      category: text(24),
      note: text(500, true),
      created_at: time(),
      updated_at: time(),
      resolved_at: time(true),
    },
    tableOptions,
  );
  await queryInterface.addIndex('flags', ['case_id', 'flagger_id'], { name: 'flags_case_id_flagger_id', unique: true });
  await queryInterface.addIndex('flags', ['flagger_id'], { name: 'flags_flagger_id' });

  await queryInterface.createTable(
    'case_notes',
    { id, case_id: reference('moderation_cases', 'CASCADE'), author_id: reference('users', 'SET NULL'), text: { type: DataTypes.TEXT, allowNull: false }, created_at: time() },
    tableOptions,
  );
  await queryInterface.addIndex('case_notes', ['case_id', 'id'], { name: 'case_notes_case_id' });

  await queryInterface.createTable(
    'strikes',
    {
      id,
      user_id: reference('users', 'CASCADE'),
      case_id: reference('moderation_cases', 'SET NULL'),
      category: text(24),
      reason: text(500),
      created_by: reference('users', 'SET NULL'),
      created_at: time(),
      revoked_at: time(true),
    },
    tableOptions,
  );
  await queryInterface.addIndex('strikes', ['user_id', 'id'], { name: 'strikes_user_id' });

  await moveCommentReports(queryInterface);
  await queryInterface.dropTable('comment_reports');
};

async function moveCommentReports(queryInterface: QueryInterface): Promise<void> {
  const rows = await queryInterface.sequelize.query<OldReport>(
    `SELECT cr.id, cr.comment_id AS commentId, cr.reporter_id AS reporterId, cr.reason, cr.created_at AS createdAt,
            cr.resolved_at AS resolvedAt, cr.resolution, cr.resolved_by AS resolvedBy, c.author_id AS authorId, c.hidden_at AS hiddenAt
       FROM comment_reports cr JOIN comments c ON c.id = cr.comment_id ORDER BY cr.comment_id, cr.id`,
    { type: QueryTypes.SELECT },
  );
  // One case per comment and round: the open reports, or the reports closed at one moment.
  const rounds = new Map<string, OldReport[]>();
  for (const row of rows) {
    const key = `${row.commentId}|${row.resolvedAt === null ? 'open' : asDate(row.resolvedAt).toISOString()}`;
    rounds.set(key, [...(rounds.get(key) ?? []), row]);
  }
  const now = new Date();
  for (const reports of rounds.values()) {
    const first = reports[0] as OldReport;
    const open = first.resolvedAt === null;
    const openedAt = asDate(first.createdAt);
    const closedAt = first.resolvedAt === null ? null : asDate(first.resolvedAt);
    await queryInterface.bulkInsert('moderation_cases', [
      {
        type: 'comment',
        target_type: 'comment',
        target_id: Number(first.commentId),
        author_id: Number(first.authorId),
        category: 'other',
        priority: PRIORITY_OTHER,
        status: open ? 'open' : 'closed',
        open_slot: open ? 1 : null,
        opened_at: openedAt,
        due_at: new Date(openedAt.getTime() + DUE_HOURS_OTHER * 3600_000),
        auto_hidden_at: open && first.hiddenAt !== null ? asDate(first.hiddenAt) : null,
        decision: open ? null : (RESOLUTION_TO_DECISION[first.resolution ?? ''] ?? 'dismiss'),
        decided_by: open || first.resolvedBy === null ? null : Number(first.resolvedBy),
        closed_at: closedAt,
        created_at: now,
      },
    ]);
    const [made] = await queryInterface.sequelize.query<{ id: number | string }>(
      `SELECT id FROM moderation_cases WHERE type = 'comment' AND target_id = :target ORDER BY id DESC LIMIT 1`,
      { type: QueryTypes.SELECT, replacements: { target: Number(first.commentId) } },
    );
    await queryInterface.bulkInsert(
      'flags',
      reports.map((report) => ({
        case_id: Number(made?.id),
        flagger_id: Number(report.reporterId),
        category: 'other',
        note: report.reason,
        created_at: asDate(report.createdAt),
        updated_at: asDate(report.createdAt),
        resolved_at: report.resolvedAt === null ? null : asDate(report.resolvedAt),
      })),
    );
  }
}

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable(
    'comment_reports',
    {
      id,
      comment_id: reference('comments', 'CASCADE'),
      reporter_id: { ...reference('users', 'CASCADE') },
      created_at: time(),
      resolved_at: time(true),
      resolution: { type: DataTypes.ENUM('dismissed', 'deleted', 'suspended'), allowNull: true },
      resolved_by: reference('users', 'SET NULL'),
      reason: text(500, true),
    },
    tableOptions,
  );
  await queryInterface.addIndex('comment_reports', ['comment_id', 'reporter_id'], { name: 'comment_reports_comment_id_reporter_id_unique', unique: true });
  await queryInterface.addIndex('comment_reports', ['resolved_at'], { name: 'comment_reports_resolved_at' });
  await queryInterface.addIndex('comment_reports', ['reporter_id'], { name: 'comment_reports_reporter_id' });
  // The comment flags go back as reports: one per member and comment (the newest round wins), category dropped.
  const flags = await queryInterface.sequelize.query<{ commentId: number | string; flaggerId: number | string; note: string | null; createdAt: Date | string; resolvedAt: Date | string | null; decision: string | null; decidedBy: number | string | null }>(
    `SELECT c.target_id AS commentId, f.flagger_id AS flaggerId, f.note, f.created_at AS createdAt, f.resolved_at AS resolvedAt, c.decision, c.decided_by AS decidedBy
       FROM flags f JOIN moderation_cases c ON c.id = f.case_id JOIN comments cm ON cm.id = c.target_id
      WHERE c.type = 'comment' ORDER BY f.id`,
    { type: QueryTypes.SELECT },
  );
  const latest = new Map(flags.map((flag) => [`${flag.commentId}|${flag.flaggerId}`, flag]));
  if (latest.size > 0) {
    await queryInterface.bulkInsert(
      'comment_reports',
      [...latest.values()].map((flag) => ({
        comment_id: Number(flag.commentId),
        reporter_id: Number(flag.flaggerId),
        reason: flag.note,
        created_at: asDate(flag.createdAt),
        resolved_at: flag.resolvedAt === null ? null : asDate(flag.resolvedAt),
        resolution: flag.resolvedAt === null ? null : (DECISION_TO_RESOLUTION[flag.decision ?? ''] ?? 'dismissed'),
        resolved_by: flag.resolvedAt === null || flag.decidedBy === null ? null : Number(flag.decidedBy),
      })),
    );
  }
  await queryInterface.dropTable('strikes');
  await queryInterface.dropTable('case_notes');
  await queryInterface.dropTable('flags');
  await queryInterface.dropTable('moderation_cases');
};
