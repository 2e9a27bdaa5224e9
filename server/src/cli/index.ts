import { Command, Option } from 'commander';
import { parseEnv } from '../env';
import { createUserCommand } from './createUser';
import { migrateCommand } from './migrate';

/** `npm run cli -- <command>`: the operators' command line. */
const program = new Command()
  .name('npm run cli --')
  .description('ひらく 運営用コマンドライン')
  .showHelpAfterError('（--help で使い方を表示します）');

program
  .command('migrate')
  .description('データベースのマイグレーションを適用します（--undo で直前の1件を取り消し）')
  .option('--undo', '直前に適用したマイグレーションを1件取り消す')
  .action((opts: { undo?: boolean }) => migrateCommand(parseEnv(), opts));

program
  .command('create-user')
  .description('会員または運営者のアカウントを作成します')
  .requiredOption('--email <email>', 'メールアドレス')
  .requiredOption('--password <password>', 'パスワード（8〜128文字）')
  .option('--username <name>', 'プロフィールのユーザー名（指定するとプロフィールも作成）')
  .option('--operator', '運営者として作成する')
  .option('--verified', 'メールアドレス確認済みとして作成する')
  .action((opts: { email: string; password: string; username?: string; operator?: boolean; verified?: boolean }) =>
    createUserCommand(parseEnv(), opts),
  );

program.addOption(new Option('-q, --quiet', '進捗表示を抑える'));

program.parseAsync(process.argv).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
