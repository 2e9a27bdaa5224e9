import fs from 'node:fs/promises';
import { createSequelize } from '../db/connection';
import { migrateDown, migrateUp } from '../db/migrator';
import type { Env } from '../env';
import { initModels } from '../models';
import { seedTaxonomy } from '../seed/taxonomy';

/**
 * The release step of a deployment with several processes: applies the pending migrations and the
 * built-in categories and tags, once, before the new version's API and worker processes start (they
 * check the schema and refuse an older one, but never migrate). `npm start` does the same by itself.
 */
export async function migrateCommand(env: Env, { undo = false }: { undo?: boolean }): Promise<void> {
  await fs.mkdir(env.dataDir, { recursive: true });
  const sequelize = createSequelize({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  try {
    if (undo) {
      const reverted = await migrateDown(sequelize);
      console.info(reverted.length ? `取り消しました: ${reverted.join(', ')}` : '取り消すマイグレーションはありません。');
      return;
    }
    const applied = await migrateUp(sequelize);
    console.info(applied.length ? `適用しました: ${applied.join(', ')}` : 'データベースは最新です。');
    const seeded = await seedTaxonomy(initModels(sequelize));
    if (seeded.categoriesCreated + seeded.tagsCreated > 0) {
      console.info(`組み込みのカテゴリ ${seeded.categoriesCreated} 件とタグ ${seeded.tagsCreated} 件を追加しました。`);
    }
  } finally {
    await sequelize.close();
  }
}
