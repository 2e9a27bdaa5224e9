import { LIMITS } from '@hiraku/shared';
import { Command, Option } from 'commander';
import { parseEnv } from '../env';
import { DEFAULT_DOCUMENT_BATCH_SIZE } from '../search/reportDocumentBuilder';
import { createUserCommand } from './createUser';
import { imagePreviewsCommand } from './imagePreviews';
import { migrateCommand } from './migrate';
import { REINDEX_BATCH_SIZE_MAX, reindexCommand } from './reindex';
import { SEED_DEMO_HELP, SEED_DEMO_LIMITS, seedDemoCommand } from './seedDemo';

/** `npm run cli -- <command>`: the operators' command line. */
const program = new Command()
  .name('npm run cli --')
  .description('ひらく 運営用コマンドライン')
  .showHelpAfterError('（--help で使い方を表示します）');

program
  .command('migrate')
  .description('データベースのマイグレーションと組み込みのカテゴリ・タグを適用します（リリース手順。--undo で直前の1件を取り消し）')
  .option('--undo', '直前に適用したマイグレーションを1件取り消す')
  .action((opts: { undo?: boolean }) => migrateCommand(parseEnv(), opts));

program
  .command('create-user')
  .description('会員・運営者・管理者のアカウントを作成します')
  .requiredOption('--email <email>', 'メールアドレス')
  .requiredOption('--password <password>', 'パスワード（8〜128文字）')
  .option('--username <name>', 'プロフィールのユーザー名（指定するとプロフィールも作成）')
  .option('--operator', '運営者として作成する')
  .option('--admin', '管理者として作成する（運営者の機能に加え、発信者情報の書き出し・管理者の任命・要相談ケースの確認。二段階認証が必要）')
  .option('--verified', 'メールアドレス確認済みとして作成する')
  .option('--established', `新規メンバーの制限（登録から${LIMITS.newMemberDays}日間）なしで作成する（テスト・デモデータ・構築スクリプト用）`)
  .option('--totp-secret <base32>', '二段階認証を有効にして作成する（認証アプリの秘密鍵、Base32）。リカバリーコードを表示します')
  .action((opts: { email: string; password: string; username?: string; operator?: boolean; admin?: boolean; verified?: boolean; established?: boolean; totpSecret?: string }) =>
    createUserCommand(parseEnv(), opts),
  );

program
  .command('seed-demo')
  .description('お試し用のデモ会員・デモレポート（画像・いいね・コメント付き）を作成し、検索に登録します')
  .option('--members <count>', `デモ会員の人数（${SEED_DEMO_LIMITS.membersMin}〜${SEED_DEMO_LIMITS.membersMax}）`, String(SEED_DEMO_LIMITS.membersDefault))
  .option('--reports <count>', `公開するデモレポートの件数（1〜${SEED_DEMO_LIMITS.reportsMax}）`, String(SEED_DEMO_LIMITS.reportsMax))
  .addHelpText('after', SEED_DEMO_HELP)
  .action(async (opts: { members: string; reports: string }) => {
    await seedDemoCommand(parseEnv(), { ...opts, quiet: program.opts<{ quiet?: boolean }>().quiet });
  });

program
  .command('reindex')
  .description('データベースからレポートの検索インデックスを作り直します（作り直しの間も検索は止まりません）')
  .option('--batch-size <count>', `一度に読み込んで登録する件数（1〜${REINDEX_BATCH_SIZE_MAX}）`, String(DEFAULT_DOCUMENT_BATCH_SIZE))
  .action(async (opts: { batchSize: string }) => {
    await reindexCommand(parseEnv(), { ...opts, quiet: program.opts<{ quiet?: boolean }>().quiet });
  });

program
  .command('image-previews')
  .description('ぼかし画像のないレポート画像（センシティブな画像の導入前の投稿）に、ぼかし画像を作成します（何度実行しても安全）')
  .action(async () => {
    await imagePreviewsCommand(parseEnv(), { quiet: program.opts<{ quiet?: boolean }>().quiet });
  });

program.addOption(new Option('-q, --quiet', '進捗表示を抑える'));

program.parseAsync(process.argv).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
