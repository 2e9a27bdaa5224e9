import fs from 'node:fs/promises';
import { createSequelize } from '../db/connection';
import { migrateDown, migrateUp } from '../db/migrator';
import type { Env } from '../env';

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
  } finally {
    await sequelize.close();
  }
}
