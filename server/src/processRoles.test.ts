import { createSequelize, replicationOf } from './db/connection';
import { parseEnv } from './env';

describe('process roles and read replicas in the environment', () => {
  it('runs everything in one process unless told otherwise (npm start needs no variable)', () => {
    expect(parseEnv({}).HIRAKU_ROLE).toBe('all');
    expect(parseEnv({ HIRAKU_ROLE: 'api' }).HIRAKU_ROLE).toBe('api');
    expect(parseEnv({ HIRAKU_ROLE: 'worker' }).HIRAKU_ROLE).toBe('worker');
    expect(() => parseEnv({ HIRAKU_ROLE: 'web' })).toThrow('HIRAKU_ROLE は all、api、worker のいずれかを指定してください');
  });

  it('reads replica URLs as a comma-separated list, and only beside a primary', () => {
    const env = parseEnv({ DATABASE_URL: 'mysql://app@db1/hiraku', DATABASE_READ_URLS: ' mysql://ro@db2/hiraku , mysql://ro@db3 ' });
    expect(env.DATABASE_READ_URLS).toEqual(['mysql://ro@db2/hiraku', 'mysql://ro@db3']);
    expect(parseEnv({}).DATABASE_READ_URLS).toEqual([]);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://app@db1/hiraku', DATABASE_READ_URLS: 'postgres://db2/hiraku' })).toThrow('DATABASE_READ_URLS は mysql:// で始まる URL');
    expect(() => parseEnv({ DATABASE_READ_URLS: 'mysql://ro@db2/hiraku' })).toThrow('DATABASE_READ_URLS を使うときは DATABASE_URL も指定してください');
  });

  it("hands Sequelize's replication option the primary for writes and each replica for reads", () => {
    expect(replicationOf('mysql://app:p%40ss@db1:3307/hiraku', ['mysql://ro:secret@db2/hiraku', 'mysql://ro@db3'])).toEqual({
      write: { host: 'db1', port: 3307, username: 'app', password: 'p@ss', database: 'hiraku' },
      read: [
        { host: 'db2', port: 3306, username: 'ro', password: 'secret', database: 'hiraku' },
        { host: 'db3', port: 3306, username: 'ro', password: '', database: 'hiraku' },
      ],
    });
    const sequelize = createSequelize({ databaseUrl: 'mysql://app@db1/hiraku', readUrls: ['mysql://ro@db2'], dataDir: '.' });
    expect(sequelize.config.replication).toMatchObject({ write: { host: 'db1' }, read: [{ host: 'db2', database: 'hiraku' }] });
    expect(createSequelize({ databaseUrl: 'mysql://app@db1/hiraku', dataDir: '.' }).config.replication).toBeFalsy();
  });
});
