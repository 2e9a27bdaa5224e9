import { CATEGORY_KEYS, CATEGORY_NAMES } from '@hiraku/shared';
import { TEST_BACKENDS, type TestBackend } from '../../test/support/backends';
import type { Models } from '../models';
import { DEFAULT_TAGS, seedTaxonomy } from './taxonomy';

async function snapshot(models: Models) {
  const categories = await models.Category.findAll({ order: [['id', 'ASC']] });
  const tags = await models.Tag.findAll({ order: [['id', 'ASC']] });
  return {
    categories: categories.map((c) => ({ id: c.id, key: c.key, name: c.name, sortOrder: c.sortOrder })),
    tags: tags.map((t) => ({ id: t.id, categoryId: t.categoryId, name: t.name, sortOrder: t.sortOrder })),
  };
}

describe.each(TEST_BACKENDS)('seedTaxonomy on %s', (_name, open) => {
  let db: TestBackend;

  beforeEach(async () => {
    db = await open();
  });
  afterEach(async () => {
    await db?.drop();
  });

  it('creates the six system categories with their starter tags, and a second run changes nothing', async () => {
    const first = await seedTaxonomy(db.models);
    const expectedTags = Object.values(DEFAULT_TAGS).reduce((sum, names) => sum + names.length, 0);
    expect(first).toEqual({ categoriesCreated: 6, tagsCreated: expectedTags });
    expect(expectedTags).toBeGreaterThanOrEqual(40);

    const afterFirst = await snapshot(db.models);
    expect(afterFirst.categories.map((c) => [c.key, c.name])).toEqual(CATEGORY_KEYS.map((key) => [key, CATEGORY_NAMES[key]]));
    expect(afterFirst.tags).toHaveLength(expectedTags);

    const gender = await db.models.Category.findOne({ where: { key: 'gender' }, include: [{ model: db.models.Tag, as: 'tags' }] });
    expect(gender?.tags?.map((t) => t.name).sort()).toEqual([...DEFAULT_TAGS.gender].sort());

    expect(await seedTaxonomy(db.models)).toEqual({ categoriesCreated: 0, tagsCreated: 0 });
    expect(await snapshot(db.models)).toEqual(afterFirst);
  });

  it("keeps an operator's renames and deletions", async () => {
    await seedTaxonomy(db.models);
    const gender = await db.models.Category.findOne({ where: { key: 'gender' } });
    await gender?.update({ name: 'ジェンダー' });
    const rope = await db.models.Tag.findOne({ where: { name: '縄' } });
    await rope?.update({ name: '麻縄' });
    await db.models.Tag.destroy({ where: { name: 'バニラ' } });

    expect(await seedTaxonomy(db.models)).toEqual({ categoriesCreated: 0, tagsCreated: 0 });

    expect((await db.models.Category.findOne({ where: { key: 'gender' } }))?.name).toBe('ジェンダー');
    expect(await db.models.Category.count({ where: { name: '性別' } })).toBe(0);
    expect(await db.models.Category.count()).toBe(6);
    expect(await db.models.Tag.count({ where: { name: '縄' } })).toBe(0);
    expect(await db.models.Tag.count({ where: { name: '麻縄' } })).toBe(1);
    expect(await db.models.Tag.count({ where: { name: 'バニラ' } })).toBe(0);
  });

  it('recreates a system category an operator deleted, and adopts one an operator made by the same name', async () => {
    const handmade = await db.models.Category.create({ name: CATEGORY_NAMES.tools });
    await db.models.Tag.create({ name: '縄', categoryId: handmade.id });

    const result = await seedTaxonomy(db.models);
    expect(result.categoriesCreated).toBe(5);
    const tools = await db.models.Category.findOne({ where: { key: 'tools' }, include: [{ model: db.models.Tag, as: 'tags' }] });
    expect(tools?.id).toBe(handmade.id);
    expect(tools?.tags?.filter((t) => t.name === '縄')).toHaveLength(1);
    expect(tools?.tags).toHaveLength(DEFAULT_TAGS.tools.length);

    await db.models.Category.destroy({ where: { key: 'role' } });
    expect(await seedTaxonomy(db.models)).toEqual({ categoriesCreated: 1, tagsCreated: DEFAULT_TAGS.role.length });
    expect(await db.models.Category.count()).toBe(6);
  });

  it('ends with one set of categories and tags when several start-ups seed at the same moment', async () => {
    const results = await Promise.all([seedTaxonomy(db.models), seedTaxonomy(db.models), seedTaxonomy(db.models)]);
    expect(results.map((r) => r.categoriesCreated).sort()).toEqual([0, 0, 6]);
    expect(await db.models.Category.count()).toBe(6);
    expect(await db.models.Tag.count()).toBe(Object.values(DEFAULT_TAGS).flat().length);
  });
});
