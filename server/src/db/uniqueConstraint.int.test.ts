import { initModels, type Models } from '../models';
import { createTestDatabase, type TestDatabase } from '../../test/support/db';
import { createTestSqliteDatabase, type TestSqliteDatabase } from '../../test/support/sqlite';
import { brokenUniqueConstraint } from './uniqueConstraint';

/** The constraint each real driver names when the same row is written twice. */
async function clashes(models: Models): Promise<Array<string | null>> {
  const clash = (write: () => Promise<unknown>) => write().then(() => 'no error', brokenUniqueConstraint);
  const category = await models.Category.create({ name: '重複カテゴリ' });
  await models.Tag.create({ name: '重複タグ', categoryId: category.id });
  const user = await models.User.create({ email: 'dup@example.com', passwordHash: 'x', adultAttestedAt: new Date() });
  return [
    await clash(() => models.Category.create({ name: '重複カテゴリ' })),
    await clash(() => models.Tag.create({ name: '重複タグ', categoryId: category.id })),
    await clash(() => models.User.create({ email: 'dup@example.com', passwordHash: 'x', adultAttestedAt: new Date() })),
    await clash(() => models.Profile.bulkCreate([{ userId: user.id, username: 'a' }, { userId: user.id, username: 'b' }])),
  ];
}

const EXPECTED = ['categories_name_unique', 'tags_category_id_name_unique', 'users_email_unique', 'profiles_user_id_unique'];

describe('brokenUniqueConstraint with the real drivers', () => {
  let mariadb: TestDatabase;
  let sqlite: TestSqliteDatabase;
  beforeAll(async () => {
    mariadb = await createTestDatabase();
    sqlite = await createTestSqliteDatabase();
  });
  afterAll(async () => {
    await mariadb?.drop();
    await sqlite?.drop();
  });

  it('names the index on MariaDB', async () => {
    // Model classes are bound to the database of the latest initModels call.
    expect(await clashes(initModels(mariadb.sequelize))).toEqual(EXPECTED);
  });

  it('names the same index on SQLite, from the columns', async () => {
    expect(await clashes(initModels(sqlite.sequelize))).toEqual(EXPECTED);
  });
});
