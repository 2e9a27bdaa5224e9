import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { QueryTypes, type Sequelize } from 'sequelize';
import { createTestDatabase, type TestDatabase } from '../../test/support/db';
import { migrations } from '../../migrations';
import { createSequelize, sqliteFilePath } from './connection';
import { createMigrator, migrateDown, migrateUp, MIGRATIONS_TABLE } from './migrator';

const ALL_TABLES = [
  'analytics_daily',
  'analytics_events',
  'audit_logs',
  'blocked_email_hashes',
  'blocks',
  'categories',
  'case_notes',
  'comments',
  'contact_enquiries',
  'deleted_accounts',
  'disclosure_records',
  'email_changes',
  'flags',
  'image_fingerprints',
  'likes',
  'mail_outbox',
  'moderation_cases',
  'notice_templates',
  'announcements',
  'notification_actors',
  'notification_members',
  'notification_outbox',
  'notification_settings',
  'notification_unsubscribe_tokens',
  'notifications',
  'muted_words',
  'mutes',
  'one_time_tokens',
  'passkey_challenges',
  'passkeys',
  'profiles',
  'recovery_codes',
  'refresh_tokens',
  'report_like_levels',
  'report_steps',
  'report_tags',
  'report_tools',
  'reports',
  'search_outbox',
  'search_queries',
  'session_families',
  'strikes',
  'tags',
  'takedown_requests',
  'users',
  // Follows (issue 36), saves and content warnings (issue 37), the report being written (issue 39).
  'category_follows',
  'follow_settings',
  'member_follows',
  'tag_follows',
  'collection_reports',
  'collections',
  'saves',
  'content_warning_settings',
  'report_autosaves',
].sort();

const MIGRATION_NAMES = migrations.map((migration) => migration.name);

/** [table, column, referenced table, ON DELETE rule] for every foreign key the schema must have. */
const FOREIGN_KEYS: Array<[string, string, string, 'CASCADE' | 'SET NULL']> = [
  ['refresh_tokens', 'user_id', 'users', 'CASCADE'],
  ['recovery_codes', 'user_id', 'users', 'CASCADE'],
  ['session_families', 'user_id', 'users', 'CASCADE'],
  ['passkeys', 'user_id', 'users', 'CASCADE'],
  ['passkey_challenges', 'user_id', 'users', 'CASCADE'],
  ['takedown_requests', 'case_id', 'moderation_cases', 'SET NULL'],
  ['one_time_tokens', 'user_id', 'users', 'CASCADE'],
  // A pending e-mail change goes with its account (issue 35, migration 0071).
  ['email_changes', 'user_id', 'users', 'CASCADE'],
  ['profiles', 'user_id', 'users', 'CASCADE'],
  ['profiles', 'gender_tag_id', 'tags', 'SET NULL'],
  ['profiles', 'sexual_orientation_tag_id', 'tags', 'SET NULL'],
  ['profiles', 'role_tag_id', 'tags', 'SET NULL'],
  ['tags', 'category_id', 'categories', 'SET NULL'],
  ['tags', 'parent_id', 'tags', 'SET NULL'],
  ['reports', 'author_id', 'users', 'CASCADE'],
  ['reports', 'gender_tag_id', 'tags', 'SET NULL'],
  ['reports', 'sexual_orientation_tag_id', 'tags', 'SET NULL'],
  ['reports', 'role_tag_id', 'tags', 'SET NULL'],
  ['report_tools', 'report_id', 'reports', 'CASCADE'],
  ['report_steps', 'report_id', 'reports', 'CASCADE'],
  ['report_tags', 'report_id', 'reports', 'CASCADE'],
  ['report_tags', 'tag_id', 'tags', 'CASCADE'],
  ['likes', 'report_id', 'reports', 'CASCADE'],
  ['likes', 'user_id', 'users', 'CASCADE'],
  ['report_like_levels', 'report_id', 'reports', 'CASCADE'],
  ['comments', 'report_id', 'reports', 'CASCADE'],
  ['comments', 'author_id', 'users', 'CASCADE'],
  ['moderation_cases', 'author_id', 'users', 'SET NULL'],
  ['moderation_cases', 'claimed_by', 'users', 'SET NULL'],
  ['moderation_cases', 'decided_by', 'users', 'SET NULL'],
  ['moderation_cases', 'appeal_of_case_id', 'moderation_cases', 'CASCADE'],
  ['flags', 'case_id', 'moderation_cases', 'CASCADE'],
  ['flags', 'flagger_id', 'users', 'CASCADE'],
  ['case_notes', 'case_id', 'moderation_cases', 'CASCADE'],
  ['case_notes', 'author_id', 'users', 'SET NULL'],
  ['strikes', 'user_id', 'users', 'CASCADE'],
  ['strikes', 'case_id', 'moderation_cases', 'SET NULL'],
  ['strikes', 'created_by', 'users', 'SET NULL'],
  ['contact_enquiries', 'user_id', 'users', 'SET NULL'],
  ['contact_enquiries', 'handled_by', 'users', 'SET NULL'],
  ['audit_logs', 'actor_id', 'users', 'SET NULL'],
  ['search_queries', 'user_id', 'users', 'CASCADE'],
  ['announcements', 'author_id', 'users', 'SET NULL'],
  ['notifications', 'user_id', 'users', 'CASCADE'],
  ['notifications', 'report_id', 'reports', 'CASCADE'],
  ['notifications', 'comment_id', 'comments', 'CASCADE'],
  ['notifications', 'announcement_id', 'announcements', 'CASCADE'],
  ['notification_actors', 'notification_id', 'notifications', 'CASCADE'],
  ['notification_actors', 'actor_id', 'users', 'CASCADE'],
  ['notification_settings', 'user_id', 'users', 'CASCADE'],
  ['notification_members', 'user_id', 'users', 'CASCADE'],
  ['notification_unsubscribe_tokens', 'user_id', 'users', 'CASCADE'],
  ['blocks', 'blocker_id', 'users', 'CASCADE'],
  ['blocks', 'blocked_id', 'users', 'CASCADE'],
  ['mutes', 'muter_id', 'users', 'CASCADE'],
  ['mutes', 'muted_id', 'users', 'CASCADE'],
  ['muted_words', 'user_id', 'users', 'CASCADE'],
  ['member_follows', 'follower_id', 'users', 'CASCADE'],
  ['member_follows', 'followee_id', 'users', 'CASCADE'],
  ['tag_follows', 'user_id', 'users', 'CASCADE'],
  ['tag_follows', 'tag_id', 'tags', 'CASCADE'],
  ['category_follows', 'user_id', 'users', 'CASCADE'],
  ['category_follows', 'category_id', 'categories', 'CASCADE'],
  ['follow_settings', 'user_id', 'users', 'CASCADE'],
  ['saves', 'user_id', 'users', 'CASCADE'],
  ['saves', 'report_id', 'reports', 'CASCADE'],
  ['collections', 'user_id', 'users', 'CASCADE'],
  ['collection_reports', 'collection_id', 'collections', 'CASCADE'],
  ['collection_reports', 'report_id', 'reports', 'CASCADE'],
  ['content_warning_settings', 'user_id', 'users', 'CASCADE'],
  ['report_autosaves', 'user_id', 'users', 'CASCADE'],
  ['report_autosaves', 'report_id', 'reports', 'CASCADE'],
];

async function tablesOf(sequelize: Sequelize): Promise<string[]> {
  const tables = (await sequelize.getQueryInterface().showAllTables()).map(String);
  return tables.filter((table) => table !== MIGRATIONS_TABLE).sort();
}

async function recordedMigrations(sequelize: Sequelize): Promise<string[]> {
  const rows = await sequelize.query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY name`, {
    type: QueryTypes.SELECT,
  });
  return rows.map((row) => row.name);
}

/** Tables, their columns and their index names: what a migration may add or drop (a later one may change only an index or a column). */
async function schemaOf(sequelize: Sequelize): Promise<string[]> {
  const entries: string[] = [];
  for (const table of await tablesOf(sequelize)) {
    entries.push(table);
    for (const column of Object.keys(await sequelize.getQueryInterface().describeTable(table))) entries.push(`${table}#${column}`);
    const indexes = (await sequelize.getQueryInterface().showIndex(table)) as Array<{ name: string }>;
    for (const index of indexes) entries.push(`${table}.${index.name}`);
  }
  return entries.sort();
}

const DROP_LOCKOUT_COLUMNS = '0011-drop-user-lockout-columns';

/**
 * From the migration before 0011 to 0011 and back with a member and their rows in place: the columns go
 * and come back, and nothing that hangs off `users` is lost on the way (a table copy on SQLite would
 * have cascaded the delete of `users` to profiles and sessions).
 */
async function expectLockoutColumnsDroppedKeepingRows(sequelize: Sequelize): Promise<void> {
  const before = MIGRATION_NAMES[MIGRATION_NAMES.indexOf(DROP_LOCKOUT_COLUMNS) - 1];
  await migrateDown(sequelize, { all: true });
  await createMigrator(sequelize).up({ to: before });
  const columns = async () => Object.keys(await sequelize.getQueryInterface().describeTable('users'));
  expect(await columns()).toEqual(expect.arrayContaining(['failed_login_count', 'locked_until']));
  const stamp = '2025-01-01 00:00:00';
  await sequelize.query(
    `INSERT INTO users (id, public_id, email, password_hash, role, tutorial_pending, failed_login_count, adult_attested_at, created_at, updated_at)
     VALUES (7, 'pub7', 'kept@example.com', 'x', 'member', 0, 3, '${stamp}', '${stamp}', '${stamp}')`,
  );
  await sequelize.query(`INSERT INTO profiles (user_id, username, created_at, updated_at) VALUES (7, 'のこる', '${stamp}', '${stamp}')`);
  const counts = async () =>
    Promise.all(['users', 'profiles'].map(async (table) => (await sequelize.query<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`, { type: QueryTypes.SELECT }))[0]?.n));

  await createMigrator(sequelize).up({ to: DROP_LOCKOUT_COLUMNS });
  expect(await columns()).not.toContain('failed_login_count');
  expect(await columns()).not.toContain('locked_until');
  expect((await counts()).map(Number)).toEqual([1, 1]);

  expect(await migrateDown(sequelize)).toEqual([DROP_LOCKOUT_COLUMNS]);
  expect(await columns()).toEqual(expect.arrayContaining(['failed_login_count', 'locked_until']));
  expect((await counts()).map(Number)).toEqual([1, 1]);
  await migrateDown(sequelize, { all: true });
}

const FLAGS_CASES = '0014-flags-cases';

/**
 * Issue 18: every comment report becomes a flag, the open ones on a comment its open case (hidden
 * comments marked hidden by the flags), the ones closed together a closed case with that decision; down
 * brings the comment reports back from the flags. Nothing is lost either way.
 */
async function expectCommentReportsMovedIntoFlags(sequelize: Sequelize): Promise<void> {
  const before = MIGRATION_NAMES[MIGRATION_NAMES.indexOf(FLAGS_CASES) - 1];
  await migrateDown(sequelize, { all: true });
  await createMigrator(sequelize).up({ to: before });
  const stamp = '2025-01-01 00:00:00';
  const decided = '2025-01-02 00:00:00';
  for (const [id, role] of [[7, 'member'], [8, 'member'], [9, 'member'], [10, 'operator']] as const) {
    await sequelize.query(
      `INSERT INTO users (id, public_id, email, password_hash, role, tutorial_pending, adult_attested_at, created_at, updated_at)
       VALUES (${id}, 'pub${id}', 'm${id}@example.com', 'x', '${role}', 0, '${stamp}', '${stamp}', '${stamp}')`,
    );
  }
  await sequelize.query(`INSERT INTO reports (id, author_id, title, is_draft, created_at, updated_at) VALUES (1, 7, '移行', 0, '${stamp}', '${stamp}')`);
  await sequelize.query(`INSERT INTO comments (id, report_id, author_id, text, hidden_at, created_at, updated_at) VALUES (1, 1, 7, '未対応', '${stamp}', '${stamp}', '${stamp}')`);
  await sequelize.query(`INSERT INTO comments (id, report_id, author_id, text, created_at, updated_at) VALUES (2, 1, 7, '削除済み', '${stamp}', '${stamp}')`);
  await sequelize.query(
    `INSERT INTO comment_reports (comment_id, reporter_id, reason, created_at, resolved_at, resolution, resolved_by) VALUES
       (1, 8, '不快です', '${stamp}', NULL, NULL, NULL), (1, 9, NULL, '${stamp}', NULL, NULL, NULL),
       (2, 8, NULL, '${stamp}', '${decided}', 'deleted', 10), (2, 9, 'ひどい', '${stamp}', '${decided}', 'deleted', 10)`,
  );

  await createMigrator(sequelize).up({ to: FLAGS_CASES });
  const cases = await sequelize.query<Record<string, unknown>>(
    'SELECT target_id AS comment, status, open_slot AS slot, decision, decided_by AS decidedBy, category, auto_hidden_at AS autoHidden FROM moderation_cases ORDER BY target_id',
    { type: QueryTypes.SELECT },
  );
  expect(cases.map((row) => [Number(row.comment), row.status, row.slot === null ? null : Number(row.slot), row.decision, row.decidedBy === null ? null : Number(row.decidedBy), row.category, row.autoHidden !== null])).toEqual([
    [1, 'open', 1, null, null, 'other', true],
    [2, 'closed', null, 'delete', 10, 'other', false],
  ]);
  const flags = await sequelize.query<Record<string, unknown>>(
    'SELECT c.target_id AS comment, f.flagger_id AS flagger, f.note, f.resolved_at AS resolved FROM flags f JOIN moderation_cases c ON c.id = f.case_id ORDER BY c.target_id, f.flagger_id',
    { type: QueryTypes.SELECT },
  );
  expect(flags.map((row) => [Number(row.comment), Number(row.flagger), row.note, row.resolved !== null])).toEqual([
    [1, 8, '不快です', false],
    [1, 9, null, false],
    [2, 8, null, true],
    [2, 9, 'ひどい', true],
  ]);

  expect(await migrateDown(sequelize)).toEqual([FLAGS_CASES]);
  const reports = await sequelize.query<Record<string, unknown>>(
    'SELECT comment_id AS comment, reporter_id AS reporter, reason, resolution, resolved_by AS resolvedBy FROM comment_reports ORDER BY comment_id, reporter_id',
    { type: QueryTypes.SELECT },
  );
  expect(reports.map((row) => [Number(row.comment), Number(row.reporter), row.reason, row.resolution, row.resolvedBy === null ? null : Number(row.resolvedBy)])).toEqual([
    [1, 8, '不快です', null, null],
    [1, 9, null, null, null],
    [2, 8, null, 'deleted', 10],
    [2, 9, 'ひどい', 'deleted', 10],
  ]);
  await migrateDown(sequelize, { all: true });
}

/** Applies the migrations one by one, then reverts them one by one: each down must restore the schema seen before its up. */
async function expectEachDownToUndoItsUp(sequelize: Sequelize): Promise<void> {
  const migrator = createMigrator(sequelize);
  const before: string[][] = [];
  for (const name of MIGRATION_NAMES) {
    before.push(await schemaOf(sequelize));
    await migrator.up({ to: name });
    expect(await schemaOf(sequelize)).not.toEqual(before.at(-1));
  }
  expect(await tablesOf(sequelize)).toEqual(ALL_TABLES);
  for (const name of [...MIGRATION_NAMES].reverse()) {
    expect(await migrateDown(sequelize)).toEqual([name]);
    expect(await schemaOf(sequelize)).toEqual(before.pop());
  }
  expect(await tablesOf(sequelize)).toEqual([]);
  expect(await recordedMigrations(sequelize)).toEqual([]);
}

describe('migrations on MariaDB', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('apply in order, create every table in utf8mb4 and record themselves', async () => {
    expect(await migrateUp(db.sequelize)).toEqual(MIGRATION_NAMES);
    expect(await tablesOf(db.sequelize)).toEqual(ALL_TABLES);
    expect(await recordedMigrations(db.sequelize)).toEqual(MIGRATION_NAMES);
    expect(await migrateUp(db.sequelize)).toEqual([]);

    const tables = await db.sequelize.query<{ name: string; collation: string; engine: string }>(
      `SELECT TABLE_NAME AS name, TABLE_COLLATION AS collation, ENGINE AS engine
         FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()`,
      { type: QueryTypes.SELECT },
    );
    expect(tables).toHaveLength(ALL_TABLES.length + 1);
    for (const table of tables) {
      expect(table).toEqual({ name: table.name, collation: 'utf8mb4_unicode_ci', engine: 'InnoDB' });
    }
    const textColumns = await db.sequelize.query<{ tableName: string; columnName: string; charset: string; collation: string }>(
      `SELECT TABLE_NAME AS tableName, COLUMN_NAME AS columnName, CHARACTER_SET_NAME AS charset, COLLATION_NAME AS collation
         FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND CHARACTER_SET_NAME IS NOT NULL`,
      { type: QueryTypes.SELECT },
    );
    expect(textColumns.length).toBeGreaterThan(40);
    expect(textColumns.filter((column) => column.charset !== 'utf8mb4')).toEqual([]);
    // Tag, category and keyword names compare exactly (MariaDB's JSON is LONGTEXT in utf8mb4_bin too);
    // everything else uses the table default.
    const exact = textColumns
      .filter((column) => column.collation !== 'utf8mb4_unicode_ci')
      .map((column) => [column.tableName, column.columnName, column.collation])
      .sort();
    expect(exact).toEqual([
      ['analytics_daily', 'dimension', 'utf8mb4_bin'],
      ['analytics_events', 'properties', 'utf8mb4_bin'],
      ['audit_logs', 'details', 'utf8mb4_bin'],
      ['categories', 'name', 'utf8mb4_bin'],
      // Muted words meet reports' folded text exactly (migration 0015).
      ['muted_words', 'folded', 'utf8mb4_bin'],
      ['muted_words', 'pattern', 'utf8mb4_bin'],
      ['reports', 'match_text', 'utf8mb4_bin'],
      ['search_queries', 'query', 'utf8mb4_bin'],
      ['tags', 'name', 'utf8mb4_bin'],
    ]);
  });

  it('create the foreign keys with the intended ON DELETE rules', async () => {
    const rows = await db.sequelize.query<{ tableName: string; columnName: string; referenced: string; rule: string }>(
      `SELECT k.TABLE_NAME AS tableName, k.COLUMN_NAME AS columnName, k.REFERENCED_TABLE_NAME AS referenced, r.DELETE_RULE AS rule
         FROM information_schema.KEY_COLUMN_USAGE k
         JOIN information_schema.REFERENTIAL_CONSTRAINTS r
           ON r.CONSTRAINT_SCHEMA = k.CONSTRAINT_SCHEMA AND r.CONSTRAINT_NAME = k.CONSTRAINT_NAME AND r.TABLE_NAME = k.TABLE_NAME
        WHERE k.TABLE_SCHEMA = DATABASE() AND k.REFERENCED_TABLE_NAME IS NOT NULL`,
      { type: QueryTypes.SELECT },
    );
    const actual = rows.map((row) => [row.tableName, row.columnName, row.referenced, row.rule]).sort();
    expect(actual).toEqual([...FOREIGN_KEYS].sort());
  });

  it('create the indexes the keyset lists and workers rely on, columns in order', async () => {
    const rows = await db.sequelize.query<{ tableName: string; indexName: string; columnName: string; unique: number }>(
      `SELECT TABLE_NAME AS tableName, INDEX_NAME AS indexName, COLUMN_NAME AS columnName, 1 - NON_UNIQUE AS \`unique\`
         FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX`,
      { type: QueryTypes.SELECT },
    );
    const indexes = new Map<string, { columns: string[]; unique: boolean }>();
    for (const row of rows) {
      const key = `${row.tableName}.${row.indexName}`;
      const index = indexes.get(key) ?? { columns: [], unique: Number(row.unique) === 1 };
      index.columns.push(row.columnName);
      indexes.set(key, index);
    }
    const expectIndex = (table: string, columns: string[], unique: boolean) =>
      expect([...indexes.entries()].filter(([key]) => key.startsWith(`${table}.`)).map(([, index]) => index)).toContainEqual({
        columns,
        unique,
      });
    expectIndex('users', ['email'], true);
    expectIndex('users', ['public_id'], true);
    expectIndex('categories', ['name'], true);
    expectIndex('categories', ['key'], true);
    expectIndex('tags', ['category_id', 'name'], true);
    // Migration 0012: the feed's equality columns in front of each sort key (commands/reportCards.ts).
    expectIndex('reports', ['listed', 'is_draft', 'hidden_at', 'created_at', 'id'], false);
    expectIndex('reports', ['listed', 'is_draft', 'hidden_at', 'like_count', 'id'], false);
    expectIndex('users', ['suspended_at'], false);
    expectIndex('reports', ['author_id', 'created_at'], false);
    expectIndex('report_tags', ['report_id', 'kind', 'tag_id'], true);
    expectIndex('report_tags', ['tag_id'], false);
    expectIndex('likes', ['report_id', 'user_id'], true);
    expectIndex('likes', ['created_at'], false);
    expectIndex('comments', ['report_id', 'created_at'], false);
    // Migration 0014 (issue 18): one flag per member and case, one open case per target, the queue's order.
    expectIndex('flags', ['case_id', 'flagger_id'], true);
    expectIndex('moderation_cases', ['type', 'target_id', 'open_slot'], true);
    expectIndex('moderation_cases', ['status', 'priority', 'id'], false);
    expectIndex('moderation_cases', ['appeal_of_case_id'], true);
    expectIndex('refresh_tokens', ['token_hash'], true);
    expectIndex('refresh_tokens', ['family_id'], false);
    expectIndex('one_time_tokens', ['token_hash'], true);
    expectIndex('one_time_tokens', ['user_id', 'purpose'], false);
    expectIndex('search_outbox', ['available_at', 'id'], false);
    expectIndex('search_queries', ['created_at', 'query'], false);
    expectIndex('analytics_events', ['name', 'occurred_at'], false);
    expectIndex('audit_logs', ['created_at'], false);
    expectIndex('deleted_accounts', ['deleted_at'], false);
    // Migration 0100 (issue 34) dropped 0023's marks: a comment and a like queue an outbox row like every notification.
    const marks = [...indexes.entries()].filter(([key, index]) => /^(comments|likes)\./.test(key) && index.columns.includes('notify_pending'));
    expect(marks).toEqual([]);
  });

  it('revert completely, all at once, and apply again', async () => {
    expect(await migrateDown(db.sequelize, { all: true })).toEqual([...MIGRATION_NAMES].reverse());
    expect(await tablesOf(db.sequelize)).toEqual([]);
    expect(await recordedMigrations(db.sequelize)).toEqual([]);
    expect(await migrateUp(db.sequelize)).toEqual(MIGRATION_NAMES);
    expect(await tablesOf(db.sequelize)).toEqual(ALL_TABLES);
  });

  it('revert one at a time, each down undoing exactly its up', async () => {
    await migrateDown(db.sequelize, { all: true });
    await expectEachDownToUndoItsUp(db.sequelize);
  });

  it('drop the unused lock-out columns of users and bring them back, keeping every member and their rows', async () => {
    await expectLockoutColumnsDroppedKeepingRows(db.sequelize);
  });

  it('move every comment report into flags and cases, and back', async () => {
    await expectCommentReportsMovedIntoFlags(db.sequelize);
  });

  it('run once when several processes start together', async () => {
    await migrateDown(db.sequelize, { all: true });
    // Separate Sequelize instances stand for separate server processes.
    const processes = [0, 1, 2].map(() => createSequelize({ databaseUrl: db.url, dataDir: '.', logging: false }));
    try {
      const applied = await Promise.all(processes.map((sequelize) => migrateUp(sequelize)));
      expect(applied.map((names) => names.length).sort()).toEqual([0, 0, MIGRATION_NAMES.length]);
    } finally {
      await Promise.all(processes.map((sequelize) => sequelize.close()));
    }
    expect(await tablesOf(db.sequelize)).toEqual(ALL_TABLES);
    expect(await recordedMigrations(db.sequelize)).toEqual(MIGRATION_NAMES);
  });
});

describe('migrations on the embedded SQLite fallback', () => {
  let dataDir: string;
  let sequelize: Sequelize;

  beforeAll(async () => {
    const parent = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-sqlite-'));
    // A folder that does not exist yet: createSequelize must make it.
    dataDir = path.join(parent, 'data');
    sequelize = createSequelize({ dataDir, logging: false });
  });
  afterAll(async () => {
    await sequelize?.close();
    await fs.rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('apply every migration to hiraku.sqlite in the data folder, with WAL and foreign keys on', async () => {
    expect(await migrateUp(sequelize)).toEqual(MIGRATION_NAMES);
    expect(await tablesOf(sequelize)).toEqual(ALL_TABLES);
    await expect(fs.stat(sqliteFilePath(dataDir))).resolves.toBeTruthy();
    expect(sqliteFilePath(dataDir)).toBe(path.join(dataDir, 'hiraku.sqlite'));

    const [journal] = await sequelize.query<{ journal_mode: string }>('PRAGMA journal_mode', { type: QueryTypes.SELECT });
    expect(journal?.journal_mode).toBe('wal');
    await expect(
      sequelize.query(
        `INSERT INTO profiles (user_id, username, created_at, updated_at) VALUES (424242, 'だれか', '2025-01-01', '2025-01-01')`,
      ),
    ).rejects.toThrow(/FOREIGN KEY/);
  });

  it('keep foreign keys on inside transactions, which SQLite runs on a connection of their own', async () => {
    await expect(
      sequelize.transaction((transaction) =>
        sequelize.query(
          `INSERT INTO profiles (user_id, username, created_at, updated_at) VALUES (424242, 'だれか', '2025-01-01', '2025-01-01')`,
          { transaction },
        ),
      ),
    ).rejects.toThrow(/FOREIGN KEY/);
  });

  it('revert completely and apply again', async () => {
    expect(await migrateDown(sequelize, { all: true })).toEqual([...MIGRATION_NAMES].reverse());
    expect(await tablesOf(sequelize)).toEqual([]);
    expect(await migrateUp(sequelize)).toEqual(MIGRATION_NAMES);
    expect(await tablesOf(sequelize)).toEqual(ALL_TABLES);
  });

  it('revert one at a time, each down undoing exactly its up', async () => {
    await migrateDown(sequelize, { all: true });
    await expectEachDownToUndoItsUp(sequelize);
  });

  it('drop the unused lock-out columns of users and bring them back, keeping every member and their rows', async () => {
    await expectLockoutColumnsDroppedKeepingRows(sequelize);
  });

  it('move every comment report into flags and cases, and back', async () => {
    await expectCommentReportsMovedIntoFlags(sequelize);
  });
});
