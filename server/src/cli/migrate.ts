import fs from 'node:fs/promises';
import { createSequelize } from '../db/connection';
import { createMigrator } from '../db/migrator';
import type { Env } from '../env';

export async function migrateCommand(env: Env, { undo = false }: { undo?: boolean }): Promise<void> {
  await fs.mkdir(env.dataDir, { recursive: true });
  const sequelize = createSequelize({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  try {
    const migrator = createMigrator(sequelize);
    if (undo) {
      const reverted = await migrator.down();
      console.info(reverted.length ? `取り消しました: ${reverted.map((m) => m.name).join(', ')}` : '取り消すマイグレーションはありません。');
      return;
    }
    const applied = await migrator.up();
    console.info(applied.length ? `適用しました: ${applied.map((m) => m.name).join(', ')}` : 'データベースは最新です。');
  } finally {
    await sequelize.close();
  }
}
