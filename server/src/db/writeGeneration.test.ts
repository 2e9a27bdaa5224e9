import { mayChangeLists } from './writeGeneration';

describe('which writes drop the shared read caches', () => {
  it.each([
    ['INSERT INTO `reports` (`id`,`title`) VALUES (?,?);', true],
    ['UPDATE `reports` SET `hidden_at`=? WHERE `id` = ?', true],
    ['DELETE FROM `likes` WHERE `user_id` = ? AND `report_id` = ?', true],
    ['INSERT INTO `blocks` (`blocker_id`,`blocked_id`) VALUES (?,?);', true],
    ['UPDATE reports SET like_count = (SELECT COUNT(*) FROM likes l WHERE l.report_id = reports.id) WHERE id IN (1)', true],
    ['COMMIT;', true],
    ['START TRANSACTION;', true],
    [undefined, true],
    ['INSERT INTO `search_queries` (`id`,`user_id`,`query`,`created_at`) VALUES (DEFAULT,?,?,?);', false],
    ['INSERT INTO `analytics_events` (`id`,`name`) VALUES (DEFAULT,?);', false],
    ['UPDATE `session_families` SET `last_seen_at`=? WHERE `family_id` = ?', false],
  ])('%s: %s', (sql, expected) => {
    expect(mayChangeLists(sql)).toBe(expected);
  });
});
