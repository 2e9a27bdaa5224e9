import { addDays, japanDay } from '@hiraku/shared';
import type { Connection, RowDataPacket } from 'mysql2/promise';
import { encodeCaseCursor } from '../../../server/src/moderation';
import type { Scenario } from '../load/scenarios';
import type { RequestSpec } from '../load/runLoad';
import type { MemberSession } from '../load/sessions';

const get = (path: string, session: MemberSession): RequestSpec => ({ method: 'GET', path, headers: session.headers });

/**
 * The operators' screens of issue 22 for the CI query budget: the year's analytics (two live days and the
 * stored rest), the member search by an exact public id, and the closed side of the case queue at its top
 * and `depth` cases down (newest first by id).
 */
export async function operatorScenarios(conn: Connection, operator: MemberSession, depth: number): Promise<Scenario[]> {
  const today = japanDay(new Date());
  const year = `/api/moderation/analytics/daily?from=${addDays(today, -365)}&to=${today}`;
  const [[member]] = await conn.query<RowDataPacket[]>("SELECT public_id FROM users WHERE role = 'member' ORDER BY id LIMIT 1 OFFSET 5");
  const [[closed]] = await conn.query<RowDataPacket[]>("SELECT id FROM moderation_cases WHERE status = 'closed' ORDER BY id DESC LIMIT 1 OFFSET ?", [depth]);
  if (!member || !closed) throw new Error('operator scenarios need members and closed cases');
  const byId = `/api/moderation/users?query=${String(member.public_id)}`;
  const closedFirst = '/api/moderation/cases?status=closed';
  const closedDeep = `${closedFirst}&cursor=${encodeURIComponent(encodeCaseCursor({ escalated: false, priority: 0, id: Number(closed.id) }))}`;
  const scenario = (key: string, label: string, path: string): Scenario => ({ key, label, samples: [get(path, operator)], rotation: () => get(path, operator), reference: 'koa' });
  return [
    scenario('analytics-year', 'analytics, 366 days', year),
    scenario('members-public-id', 'member search, exact public id', byId),
    scenario('cases-closed-first', 'case queue, closed, first page', closedFirst),
    scenario('cases-closed-deep', `case queue, closed, ${depth.toLocaleString('en')} deep`, closedDeep),
  ];
}
