import { foldForMatching } from '@hiraku/search';
import { DataTypes, QueryTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

// Kept inside the migration on purpose: a landed migration must not change when a shared helper does.
const tableOptions = { charset: 'utf8mb4', collate: 'utf8mb4_unicode_ci', engine: 'InnoDB' };
const time = (allowNull = false) => ({ type: DataTypes.DATE(3), allowNull });
const member = (primaryKey: boolean) => ({
  type: DataTypes.BIGINT,
  allowNull: false,
  primaryKey,
  references: { model: 'users', key: 'id' },
  onDelete: 'CASCADE',
  onUpdate: 'CASCADE',
});

/**
 * Members protect themselves (issue 19).
 *
 * - `blocks` (blocker, blocked) and `mutes` (muter, muted, optional `until`): composite primary keys
 *   make a second row impossible; the reverse index on blocks serves "blocked by them" as cheaply.
 * - `muted_words`: the word as typed, `folded` (foldForMatching: width, case, kana) for uniqueness and
 *   `pattern` ('%' + folded with LIKE's wildcards escaped by '!' + '%'), so the visibility SQL compares
 *   with `LIKE pattern ESCAPE '!'` and builds nothing per row.
 * - `reports.match_text`: every text a muted word is looked for in (title, description, tips, tool
 *   names, step texts, tag names) in folded form, written by each report write. Binary collation on
 *   MariaDB/MySQL (as for the words' `folded` and `pattern`), so LIKE compares exactly what
 *   foldForMatching made, with no accent folding of its own.
 * - Sensitive images: the member's choice (`users.sensitive_images`: show / blur / hide, blur by
 *   default), a report's `image_sensitive` (on for every existing image: the safe choice), the
 *   operator's lock, the time the poster attested consent and mosaic, the blurred preview's key.
 */
export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  const mysql = queryInterface.sequelize.getDialect() !== 'sqlite';
  await queryInterface.createTable(
    'blocks',
    { blocker_id: member(true), blocked_id: member(true), created_at: time() },
    tableOptions,
  );
  await queryInterface.addIndex('blocks', ['blocked_id', 'blocker_id'], { name: 'blocks_blocked_id_blocker_id' });
  await queryInterface.createTable(
    'mutes',
    { muter_id: member(true), muted_id: member(true), until: time(true), created_at: time() },
    tableOptions,
  );
  await queryInterface.addIndex('mutes', ['muted_id'], { name: 'mutes_muted_id' });
  await queryInterface.createTable(
    'muted_words',
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true, allowNull: false },
      user_id: member(false),
      word: { type: DataTypes.STRING(64), allowNull: false },
      folded: { type: DataTypes.STRING(191).BINARY, allowNull: false },
      pattern: { type: DataTypes.STRING(255).BINARY, allowNull: false },
      expires_at: time(true),
      created_at: time(),
    },
    tableOptions,
  );
  await queryInterface.addIndex('muted_words', ['user_id', 'folded'], { name: 'muted_words_user_id_folded', unique: true });

  const matchText = mysql ? 'MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL' : 'TEXT NULL';
  await queryInterface.sequelize.query(`ALTER TABLE reports ADD COLUMN match_text ${matchText}`);
  await queryInterface.addColumn('reports', 'image_sensitive', { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true });
  await queryInterface.addColumn('reports', 'image_sensitive_locked', { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });
  await queryInterface.addColumn('reports', 'image_attested_at', time(true));
  await queryInterface.addColumn('reports', 'image_preview_key', { type: DataTypes.STRING(255), allowNull: true, defaultValue: null });
  await queryInterface.addColumn('users', 'sensitive_images', { type: DataTypes.STRING(8), allowNull: false, defaultValue: 'blur' });

  await backfillMatchText(queryInterface);
};

/** Existing reports' match_text, 500 at a time by id; the texts are gathered the way reportMatchText.ts does. */
async function backfillMatchText(queryInterface: QueryInterface): Promise<void> {
  const sequelize = queryInterface.sequelize;
  let afterId = 0;
  for (;;) {
    const reports = await sequelize.query<{ id: number | string; title: string; description: string | null; tips: string | null }>(
      `SELECT id, title, description, tips, gender_tag_id, sexual_orientation_tag_id, role_tag_id FROM reports WHERE id > :afterId ORDER BY id LIMIT 500`,
      { replacements: { afterId }, type: QueryTypes.SELECT },
    );
    if (reports.length === 0) return;
    const ids = reports.map((report) => Number(report.id));
    const parts = await sequelize.query<{ report_id: number | string; text: string }>(
      `SELECT report_id, name AS text FROM report_tools WHERE report_id IN (:ids)
       UNION ALL SELECT report_id, action AS text FROM report_steps WHERE report_id IN (:ids)
       UNION ALL SELECT rt.report_id, t.name AS text FROM report_tags rt JOIN tags t ON t.id = rt.tag_id WHERE rt.report_id IN (:ids)
       UNION ALL SELECT r.id AS report_id, t.name AS text FROM reports r JOIN tags t
                  ON t.id = r.gender_tag_id OR t.id = r.sexual_orientation_tag_id OR t.id = r.role_tag_id WHERE r.id IN (:ids)`,
      { replacements: { ids }, type: QueryTypes.SELECT },
    );
    const textsOf = new Map<number, string[]>();
    for (const part of parts) textsOf.set(Number(part.report_id), [...(textsOf.get(Number(part.report_id)) ?? []), part.text]);
    for (const report of reports) {
      const text = [report.title, report.description ?? '', report.tips ?? '', ...(textsOf.get(Number(report.id)) ?? [])].join('\n');
      await sequelize.query('UPDATE reports SET match_text = :text WHERE id = :id', { replacements: { text: foldForMatching(text), id: Number(report.id) } });
    }
    afterId = ids.at(-1) ?? afterId;
  }
}

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  const dropColumn = (table: string, column: string) => queryInterface.sequelize.query(`ALTER TABLE ${table} DROP COLUMN ${column}`);
  await dropColumn('users', 'sensitive_images');
  for (const column of ['image_preview_key', 'image_attested_at', 'image_sensitive_locked', 'image_sensitive', 'match_text']) await dropColumn('reports', column);
  await queryInterface.dropTable('muted_words');
  await queryInterface.dropTable('mutes');
  await queryInterface.dropTable('blocks');
};
