import { backfillImagePreviews } from '../commands/imagePreviewBackfill';
import type { Env } from '../env';
import { withCliServices } from './services';

/** `npm run cli -- image-previews`: the blurred previews of images uploaded before there were any. */
export async function imagePreviewsCommand(env: Env, { quiet = false }: { quiet?: boolean } = {}): Promise<void> {
  const result = await withCliServices(env, ({ models, storage, logger }) => backfillImagePreviews({ models, storage, logger }));
  if (!quiet) console.info(`ぼかし画像を ${result.made} 件作成しました（失敗 ${result.failed} 件）。`);
  if (result.failed > 0) process.exitCode = 1;
}
