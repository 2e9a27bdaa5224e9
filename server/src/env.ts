import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** The only place that reads process.env: everything else receives a typed `Env`. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^mysql:\/\//, 'DATABASE_URL は mysql:// で始めてください')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * MySQL/MariaDB read replicas, comma-separated `mysql://` URLs: the API's reads outside a transaction go
   * there (Sequelize's replication option), writes, transactions and the workers to DATABASE_URL.
   */
  DATABASE_READ_URLS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^mysql:\/\//, 'DATABASE_READ_URLS は mysql:// で始まる URL をカンマ区切りで指定してください'))),
  /**
   * What this process does: `all` (npm start: migrations, HTTP and background jobs in one process),
   * `api` (HTTP only, no migrations) or `worker` (background jobs only). See boot.ts.
   */
  HIRAKU_ROLE: z.enum(['all', 'api', 'worker'], { error: 'HIRAKU_ROLE は all、api、worker のいずれかを指定してください' }).default('all'),
  MEILI_HOST: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  MEILI_MASTER_KEY: z.string().optional(),
  /** Prefix for Meilisearch index names, so several test runs or environments can share one server. */
  MEILI_INDEX_PREFIX: z.string().regex(/^[A-Za-z0-9_-]*$/).default(''),
  SMTP_URL: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().default('ひらく <no-reply@hiraku.local>'),
  SUPPORT_EMAIL: z.string().email().default('support@hiraku.local'),
  PUBLIC_URL: z.string().url().optional(),
  /** Rate limits are shared through Redis when set, so several server processes count together. */
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'REDIS_URL は redis:// または rediss:// で始めてください').optional().or(z.literal('').transform(() => undefined)),
  /** Prefix of every Redis key, so several environments or test runs can share one Redis. */
  REDIS_KEY_PREFIX: z.string().regex(/^[A-Za-z0-9_:-]*$/).default('hiraku:'),
  /** Key that signs access tokens; when unset a random key is generated once and kept under DATA_DIR/secrets. */
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET は32文字以上にしてください').optional().or(z.literal('').transform(() => undefined)),
  /** Multiplies every per-IP rate limit (browser tests raise it; 1 in production). */
  /** off: nothing is kept in the server's caches (a benchmark's reference run); on by default. */
  HIRAKU_CACHES: z.enum(['on', 'off'], { error: 'HIRAKU_CACHES は on か off を指定してください' }).default('on'),
  RATE_LIMIT_FACTOR: z.coerce.number().positive('RATE_LIMIT_FACTOR は正の数にしてください').default(1),
  /**
   * Addresses or CIDR ranges of the reverse proxies in front of the app, comma-separated. X-Forwarded-For
   * is believed only as far as these proxies wrote it; unset, it is ignored and the peer address counts.
   */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean))
    .pipe(z.array(z.string().refine(isAddressOrRange, 'TRUSTED_PROXIES は IP アドレスか CIDR（例: 10.0.0.0/8）をカンマ区切りで指定してください'))),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where uploaded images go: `local` (DATA_DIR/uploads, served at /media/) or an `s3` bucket. */
  STORAGE_DRIVER: z.enum(['local', 's3'], { error: 'STORAGE_DRIVER は local または s3 を指定してください' }).default('local'),
  /** An S3-compatible service (MinIO, R2...); leave empty for AWS S3 itself. */
  S3_ENDPOINT: z.string().url('S3_ENDPOINT は URL で指定してください').optional().or(z.literal('').transform(() => undefined)),
  S3_BUCKET: z.string().optional().or(z.literal('').transform(() => undefined)),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional().or(z.literal('').transform(() => undefined)),
  S3_SECRET_ACCESS_KEY: z.string().optional().or(z.literal('').transform(() => undefined)),
  /** Base URL browsers load images from (a CDN or the bucket's public address); derived when unset. */
  S3_PUBLIC_URL: z.string().url('S3_PUBLIC_URL は URL で指定してください').optional().or(z.literal('').transform(() => undefined)),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0', ''], { error: 'S3_FORCE_PATH_STYLE は true または false を指定してください' })
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
}).superRefine((env, ctx) => {
  if (env.DATABASE_READ_URLS.length > 0 && !env.DATABASE_URL) {
    ctx.addIssue({ code: 'custom', path: ['DATABASE_READ_URLS'], message: 'DATABASE_READ_URLS を使うときは DATABASE_URL も指定してください' });
  }
  if (env.STORAGE_DRIVER !== 's3') return;
  if (!env.S3_BUCKET) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'STORAGE_DRIVER=s3 のときは S3_BUCKET を指定してください' });
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'S3_ACCESS_KEY_ID と S3_SECRET_ACCESS_KEY は両方指定してください' });
  }
});

export type Env = z.infer<typeof schema> & { dataDir: string; publicUrl: string; production: boolean };

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`環境変数の設定に誤りがあります:\n${lines.join('\n')}`);
  }
  const env = result.data;
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    production: env.NODE_ENV === 'production',
  };
}
