import { SEVERE_PRIORITY_MAX, type CaseCounts } from '@hiraku/shared';
import { QueryTypes, type Sequelize } from 'sequelize';

// Its own module, importing nothing of the moderation commands: the notification streams read it for
// every case event, and the commands import notifications (server/src/importCycles.test.ts).

/** The badge's numbers: open cases, those past due, and the open severe ones and appeals (priority 0-3). */
export async function loadCaseCounts(sequelize: Sequelize, now = new Date()): Promise<CaseCounts> {
  const [row] = await sequelize.query<{ open: number | string | null; overdue: number | string | null; severe: number | string | null }>(
    `SELECT COUNT(*) AS open, SUM(CASE WHEN due_at < :now THEN 1 ELSE 0 END) AS overdue, SUM(CASE WHEN priority <= :severe THEN 1 ELSE 0 END) AS severe
       FROM moderation_cases WHERE status = 'open'`,
    { type: QueryTypes.SELECT, replacements: { now, severe: SEVERE_PRIORITY_MAX } },
  );
  return { open: Number(row?.open ?? 0), overdue: Number(row?.overdue ?? 0), severeOpen: Number(row?.severe ?? 0) };
}
