import fs from 'node:fs';
import path from 'node:path';
import { migrations } from '../../migrations';

describe('the migration list', () => {
  it('holds every file of server/migrations, in file-name order, each with a down', () => {
    const folder = path.join(__dirname, '../../migrations');
    const files = fs
      .readdirSync(folder)
      .filter((file) => /^\d{4}-.+\.ts$/.test(file))
      .map((file) => file.replace(/\.ts$/, ''))
      .sort();
    expect(migrations.map((migration) => migration.name)).toEqual(files);
    for (const migration of migrations) expect(typeof migration.down).toBe('function');
  });

  it('leaves nothing in the folder that is neither a migration nor the list', () => {
    const folder = path.join(__dirname, '../../migrations');
    const strays = fs.readdirSync(folder).filter((file) => file !== 'index.ts' && !/^\d{4}-[a-z0-9-]+\.ts$/.test(file));
    expect(strays).toEqual([]);
  });
});
