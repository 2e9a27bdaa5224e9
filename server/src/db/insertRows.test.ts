import { insertRows } from './insertRows';

describe('insertRows', () => {
  const recorder = () => {
    const sent: Array<{ sql: string; replacements: unknown }> = [];
    const sequelize = { query: (sql: string, options: { replacements: unknown }) => Promise.resolve(sent.push({ sql, replacements: options.replacements })) } as never;
    return { sent, sequelize };
  };

  it('sends one statement with a group of placeholders per row, the values in order', async () => {
    const { sent, sequelize } = recorder();
    await insertRows(sequelize, 'notification_actors', ['notification_id', 'actor_id', 'created_at'], [
      [1, 7, 'now'],
      [2, 8, 'now'],
    ]);
    expect(sent).toEqual([{ sql: 'INSERT INTO notification_actors (notification_id, actor_id, created_at) VALUES (?, ?, ?), (?, ?, ?)', replacements: [1, 7, 'now', 2, 8, 'now'] }]);
  });

  it('sends nothing for no rows, and refuses a row of the wrong length', async () => {
    const { sent, sequelize } = recorder();
    await insertRows(sequelize, 'notifications', ['user_id'], []);
    expect(sent).toEqual([]);
    await expect(insertRows(sequelize, 'notifications', ['user_id', 'kind'], [[1]])).rejects.toThrow('every row needs 2 values');
    expect(sent).toEqual([]);
  });
});
