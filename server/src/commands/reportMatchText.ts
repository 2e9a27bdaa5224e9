import { foldForMatching } from '@hiraku/search';
import { QueryTypes, type Transaction } from 'sequelize';
import type { Models } from '../models';
import { listsChanged } from '../cache/changes';

/**
 * Recomputes `reports.match_text` of `reportIds`: every text of a report a muted word is looked for in
 * (title, description, tips, tool names, step texts, the names of its tags), folded by foldForMatching
 * and joined by newlines, so a word never matches across two texts. Stored rather than computed per read:
 * the folding (width, case, kana) has no SQL form on both MariaDB and SQLite, and the feed can then
 * filter with one LIKE per muted word (visibility/relations.ts). Every report write calls it in its
 * transaction, and so does a tag rename for the reports carrying the tag.
 */
export async function refreshMatchTexts(models: Pick<Models, 'Report'>, reportIds: readonly number[], { transaction }: { transaction?: Transaction } = {}): Promise<void> {
  const ids = [...new Set(reportIds)];
  const sequelize = models.Report.sequelize;
  if (ids.length === 0 || !sequelize) return;
  const reports = await sequelize.query<{ id: number | string; title: string; description: string | null; tips: string | null }>(
    'SELECT id, title, description, tips FROM reports WHERE id IN (:ids)',
    { replacements: { ids }, type: QueryTypes.SELECT, transaction },
  );
  const parts = await sequelize.query<{ report_id: number | string; text: string }>(
    `SELECT report_id, name AS text FROM report_tools WHERE report_id IN (:ids)
     UNION ALL SELECT report_id, action AS text FROM report_steps WHERE report_id IN (:ids)
     UNION ALL SELECT rt.report_id, t.name AS text FROM report_tags rt JOIN tags t ON t.id = rt.tag_id WHERE rt.report_id IN (:ids)
     UNION ALL SELECT r.id AS report_id, t.name AS text FROM reports r JOIN tags t
                ON t.id = r.gender_tag_id OR t.id = r.sexual_orientation_tag_id OR t.id = r.role_tag_id WHERE r.id IN (:ids)`,
    { replacements: { ids }, type: QueryTypes.SELECT, transaction },
  );
  const textsOf = new Map<number, string[]>();
  for (const part of parts) {
    const id = Number(part.report_id);
    const texts = textsOf.get(id);
    if (texts) texts.push(part.text);
    else textsOf.set(id, [part.text]);
  }
  for (const report of reports) {
    const id = Number(report.id);
    const text = foldForMatching([report.title, report.description ?? '', report.tips ?? '', ...(textsOf.get(id) ?? [])].join('\n'));
    await sequelize.query('UPDATE reports SET match_text = :text WHERE id = :id', { replacements: { text, id }, transaction });
    listsChanged(sequelize, [id], { transaction });
  }
}
