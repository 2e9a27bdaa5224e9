import { z } from 'zod';
import type { Env } from '../env';
import { DEMO_MEMBERS, DEMO_MEMBERS_DEFAULT, DEMO_MEMBERS_MIN, DEMO_PASSWORD, demoEmail } from '../seed/demo/demoMembers';
import { DEMO_REPORTS } from '../seed/demo/demoReports';
import { seedDemo, type SeedDemoResult } from '../seed/demo/seedDemo';
import { createProgress } from './progress';
import { withCliServices } from './services';

export const SEED_DEMO_LIMITS = {
  membersMin: DEMO_MEMBERS_MIN,
  membersMax: DEMO_MEMBERS.length,
  membersDefault: DEMO_MEMBERS_DEFAULT,
  reportsMax: DEMO_REPORTS.length,
} as const;

/** Shown by `seed-demo --help`; the password is public on purpose (demo data only, never in production). */
export const SEED_DEMO_HELP = `
デモ会員のログイン情報:
  メールアドレス  ${demoEmail(0)} 〜 demoN@hiraku.local（N は --members の数）
  パスワード      ${DEMO_PASSWORD}

再実行しても同じ会員・レポートは重複して作成されません。本番環境（NODE_ENV=production）では実行できません。
`;

const count = (option: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${option} には数値を指定してください` })
    .int(`${option} には整数を指定してください`)
    .min(min, `${option} は ${min} 以上で指定してください`)
    .max(max, `${option} は ${max} 以下で指定してください`);

const optionsSchema = z.object({
  members: count('--members', SEED_DEMO_LIMITS.membersMin, SEED_DEMO_LIMITS.membersMax).default(SEED_DEMO_LIMITS.membersDefault),
  reports: count('--reports', 1, SEED_DEMO_LIMITS.reportsMax).default(SEED_DEMO_LIMITS.reportsMax),
});

export interface SeedDemoCommandOptions {
  members?: string | number;
  reports?: string | number;
  /** No progress bar (tests, scripts). */
  quiet?: boolean;
}

/** `npm run cli -- seed-demo`: demo members and reports for trying the product out. */
export async function seedDemoCommand(env: Env, raw: SeedDemoCommandOptions): Promise<SeedDemoResult> {
  if (env.production) throw new Error('本番環境（NODE_ENV=production）ではデモデータを作成できません。デモ会員のパスワードは公開されています。');
  const parsed = optionsSchema.safeParse({ members: raw.members, reports: raw.reports });
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => issue.message).join('\n'));
  const options = parsed.data;

  const startedAt = Date.now();
  const result = await withCliServices(env, async (services) => {
    const progress = raw.quiet ? null : createProgress('デモレポート', options.reports);
    try {
      return await seedDemo(services, { ...options, onReport: (done, total) => progress?.update(done, total) });
    } finally {
      progress?.stop();
    }
  });
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);

  console.info(
    [
      `デモデータを用意しました（${seconds} 秒）`,
      `  会員:       新規 ${result.membersCreated} 人 / 既存 ${result.membersExisting} 人`,
      `  レポート:   新規 ${result.reportsCreated} 件 / 既存 ${result.reportsExisting} 件（下書き 新規 ${result.draftsCreated} 件）`,
      `  いいね:     ${result.likesCreated} 件、コメント: ${result.commentsCreated} 件、画像: ${result.imagesStored} 枚`,
      result.indexError
        ? `  検索:       登録できませんでした（検索エンジンが起動したあとで同期されます。すぐに反映するには reindex を実行してください）: ${result.indexError}`
        : `  検索:       ${result.indexed} 件を登録しました`,
      '',
      `ログイン: ${demoEmail(0)} 〜 ${demoEmail(options.members - 1)}`,
      `パスワード: ${result.password}`,
    ].join('\n'),
  );
  return result;
}
