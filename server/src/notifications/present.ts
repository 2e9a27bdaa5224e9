import { Op } from 'sequelize';
// The file, not moderation's index: moderation's commands notify through this module's index, so that would be a cycle.
import { loadCaseCounts } from '../moderation/caseCounts';
import type { BusMessage } from './bus';
import type { Told } from './kinds';
import { settingsOf } from './settings';
import type { ListeningCheck } from './streamRegistry';
import { presentNotifications, unreadCounts, type StoreDeps } from './store';

const toldKey = (userId: number, eventId: number) => `${userId}:${eventId}`;

/**
 * What a worker's round made, presented once for every API process: each member's notification
 * as they see it with their unread count after it, an announcement's item once, a case event with the
 * queue's counts. The statements are the same for one notification or a batch of them; a stream then
 * writes what it receives. A member who switched the kind off in the app is told nothing (their list
 * leaves it out too).
 */
export async function presentTold(deps: StoreDeps & { listening?: ListeningCheck }, told: readonly Told[]): Promise<BusMessage[]> {
  const made = told.filter((entry): entry is Extract<Told, { type: 'notification' }> => entry.type === 'notification');
  // Only members with a stream open hear it now: the others' notifications are stored, and read with
  // their list, their bell or their next stream. Presented for everyone (each with an unread count that
  // reads the member's unread rows), they were the largest part of a round's statements under a stream of
  // comments (bench/RESULTS.md, Notifications).
  const listening = made.length > 0 && deps.listening ? await deps.listening([...new Set(made.map((entry) => entry.userId))]) : null;
  const personal = listening ? made.filter((entry) => listening.has(entry.userId)) : made;
  const broadcasts = told.filter((entry): entry is Extract<Told, { type: 'broadcast' }> => entry.type === 'broadcast');
  const cases = told.filter((entry): entry is Extract<Told, { type: 'case' }> => entry.type === 'case');
  const { Notification } = deps.models;

  // Each member's row of each event, by the (member, event) index; an announcement's rows are alike but
  // for their id and member, so one of each is presented. Keyed by member and event: a round may tell
  // 5,000 followers of each of 40 reports (most of them renewing the same row, so only its newest event
  // is found), and a search of the list for each would cost the square of that.
  const wanted = new Set(personal.map((entry) => toldKey(entry.userId, entry.eventId)));
  const rows = personal.length > 0
    ? (await Notification.findAll({ where: { userId: { [Op.in]: [...new Set(personal.map((entry) => entry.userId))] }, eventId: { [Op.in]: [...new Set(personal.map((entry) => entry.eventId))] } } })).filter(
        (row) => wanted.has(toldKey(Number(row.userId), Number(row.eventId))),
      )
    : [];
  const rowOf = new Map(rows.map((row) => [toldKey(Number(row.userId), Number(row.eventId)), row]));
  const samples = await Promise.all(broadcasts.map((entry) => Notification.findOne({ where: { eventId: entry.eventId } })));
  const shown = [...rows, ...samples.filter((row): row is NonNullable<typeof row> => row !== null)];
  const items = await presentNotifications(deps, shown);
  const itemOf = new Map(shown.map((row, index) => [toldKey(Number(row.userId), Number(row.eventId)), items[index]]));
  const settings = await settingsOf(deps.sequelize, [...new Set(rows.map((row) => Number(row.userId)))]);
  const counts = await unreadCounts(deps, settings);
  const caseCounts = cases.length > 0 ? await loadCaseCounts(deps.sequelize) : null;

  const messages: BusMessage[] = [];
  for (const entry of told) {
    if (entry.type === 'notification') {
      const key = toldKey(entry.userId, entry.eventId);
      const item = itemOf.get(key);
      if (!rowOf.has(key) || !item || !settings.get(entry.userId)?.[item.kind]?.inApp) continue;
      messages.push({ type: 'notification', userId: entry.userId, eventId: entry.eventId, item, unread: counts.get(entry.userId) ?? 0 });
    } else if (entry.type === 'broadcast') {
      const sample = samples.find((row) => row !== null && Number(row.eventId) === entry.eventId);
      const item = sample ? itemOf.get(toldKey(Number(sample.userId), entry.eventId)) : undefined;
      // The sample member's read state and id are theirs: each stream puts its member's (stream.ts).
      if (item) messages.push({ type: 'broadcast', eventId: entry.eventId, item: { ...item, read: false } });
    } else if (caseCounts) {
      messages.push({ ...entry, counts: caseCounts });
    }
  }
  return messages;
}
