import path from 'node:path';
import { z } from 'zod';

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
  /** Key that signs access tokens; when unset a random key is generated once and kept under DATA_DIR/secrets. */
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET は32文字以上にしてください').optional().or(z.literal('').transform(() => undefined)),
  /** Multiplies every per-IP rate limit (browser tests raise it; 1 in production). */
  RATE_LIMIT_FACTOR: z.coerce.number().positive('RATE_LIMIT_FACTOR は正の数にしてください').default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
