import { CATEGORY_KEYS, CATEGORY_NAMES, type CategoryKey } from '@hiraku/shared';
import { DatabaseError, UniqueConstraintError, type Transaction } from 'sequelize';
import type { Category, Models } from '../models';
import { writeTransaction } from '../db/transaction';

/** The starter tags of each system category, in display order. */
export const DEFAULT_TAGS: Record<CategoryKey, readonly string[]> = {
  gender: ['男性', '女性', 'ノンバイナリー', 'Xジェンダー', 'その他'],
  sexualOrientation: [
    'ヘテロセクシュアル',
    'ゲイ',
    'レズビアン',
    'バイセクシュアル',
    'パンセクシュアル',
    'アセクシュアル',
    'クエスチョニング',
    'その他',
  ],
  role: ['S', 'M', 'スイッチ', 'ドミナント', 'サブミッシブ', 'サディスト', 'マゾヒスト', 'リガー', 'ロープバニー', '主人', '奴隷', 'バニラ'],
  tools: [
    '縄',
    '安全ばさみ',
    '首輪',
    'リード',
    '手錠',
    '拘束ベルト',
    '目隠し',
    '口枷',
    'バラ鞭',
    '乗馬鞭',
    'パドル',
    '低温ろうそく',
    '洗濯ばさみ',
    '電マ',
    'ローター',
  ],
  playCategory: ['緊縛', '調教', '痛み系', '羞恥', '感覚遮断', '拘束', '主従', 'ロールプレイ', '焦らし', '快楽責め'],
  playContent: [
    'スパンキング',
    '言葉責め',
    '寸止め',
    'ろうそく',
    '鞭打ち',
    'くすぐり',
    '放置',
    '命令',
    '後手縛り',
    '亀甲縛り',
    '吊り',
    '乳首責め',
    'オナニー指示',
    'アフターケア',
  ],
};

export interface SeedTaxonomyResult {
  categoriesCreated: number;
  tagsCreated: number;
}

/**
 * Makes sure the six system categories exist, found by their stable key so an operator's rename
 * survives. Runs at every start-up, so it only adds: a category gets its starter tags when this seed sets
 * it up (creates it, or gives the key to an existing category of the same name); tags of a category that
 * is already set up are left alone, or a tag an operator renamed or deleted would come back.
 */
export async function seedTaxonomy(models: Pick<Models, 'Category' | 'Tag'>): Promise<SeedTaxonomyResult> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await seedOnce(models);
    } catch (error) {
      // Several processes starting at once race for the same rows; the loser's next pass finds them.
      if (attempt >= MAX_ATTEMPTS || !lostRace(error)) throw error;
    }
  }
}

const MAX_ATTEMPTS = 5;
const MYSQL_DEADLOCK = 1213;

function lostRace(error: unknown): boolean {
  if (error instanceof UniqueConstraintError) return true;
  if (!(error instanceof DatabaseError)) return false;
  const cause = error.parent as Error & { errno?: number; code?: string };
  return cause.errno === MYSQL_DEADLOCK || cause.code === 'SQLITE_BUSY';
}

async function seedOnce(models: Pick<Models, 'Category' | 'Tag'>): Promise<SeedTaxonomyResult> {
  const sequelize = models.Category.sequelize;
  if (!sequelize) throw new Error('seedTaxonomy: initModels() has not been called');
  return writeTransaction(sequelize, async (transaction) => {
    const result: SeedTaxonomyResult = { categoriesCreated: 0, tagsCreated: 0 };
    for (const [index, key] of CATEGORY_KEYS.entries()) {
      if (await models.Category.findOne({ where: { key }, transaction })) continue;
      const { category, created } = await claimOrCreateCategory(models, key, index + 1, transaction);
      if (created) result.categoriesCreated += 1;
      result.tagsCreated += await addMissingTags(models, category, DEFAULT_TAGS[key], transaction);
    }
    return result;
  });
}

async function claimOrCreateCategory(
  models: Pick<Models, 'Category'>,
  key: CategoryKey,
  sortOrder: number,
  transaction: Transaction,
): Promise<{ category: Category; created: boolean }> {
  const name = CATEGORY_NAMES[key];
  const unclaimed = await models.Category.findOne({ where: { name, key: null }, transaction });
  if (unclaimed) {
    await unclaimed.update({ key }, { transaction });
    return { category: unclaimed, created: false };
  }
  const category = await models.Category.create({ name, key, level: 1, sortOrder }, { transaction });
  return { category, created: true };
}

async function addMissingTags(
  models: Pick<Models, 'Tag'>,
  category: Category,
  names: readonly string[],
  transaction: Transaction,
): Promise<number> {
  const existing = await models.Tag.findAll({ where: { categoryId: category.id }, attributes: ['name'], transaction });
  const present = new Set(existing.map((tag) => tag.name));
  const missing = names
    .map((name, index) => ({ name, categoryId: category.id, level: 1, sortOrder: index + 1 }))
    .filter((tag) => !present.has(tag.name));
  if (missing.length > 0) await models.Tag.bulkCreate(missing, { transaction });
  return missing.length;
}
