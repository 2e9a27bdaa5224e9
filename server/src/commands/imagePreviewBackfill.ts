import { Op } from 'sequelize';
import type { Logger } from '../logger';
import type { Models } from '../models';
import type { Storage } from '../storage/storage';
import { newImageKey } from '../images/imagePipeline';
import { makePreview, removeStoredImages } from './reportImages';

export interface PreviewBackfillResult {
  /** Reports that got a preview. */
  made: number;
  /** Reports whose thumbnail could not be read or decoded (logged, left without a preview). */
  failed: number;
}

const PAGE = 100;

/**
 * Gives every report image stored before issue 19 its blurred preview (`npm run cli -- image-previews`).
 * Reads the stored thumbnail, stores the preview, then sets the key only if the report still has that
 * thumbnail and no preview: an author replacing the image meanwhile wins, and the preview made for the
 * old one is removed again. Safe to run twice or while the server runs. Until a report has its preview,
 * members who chose ぼかす see the neutral placeholder instead (never the full image).
 */
export async function backfillImagePreviews(
  deps: { models: Pick<Models, 'Report'>; storage: Storage; logger: Logger },
  { onProgress }: { onProgress?: (done: number) => void } = {},
): Promise<PreviewBackfillResult> {
  const { Report } = deps.models;
  let afterId = 0;
  const result: PreviewBackfillResult = { made: 0, failed: 0 };
  for (;;) {
    const reports = await Report.findAll({
      attributes: ['id', 'thumbnailKey'],
      where: { id: { [Op.gt]: afterId }, thumbnailKey: { [Op.ne]: null }, imagePreviewKey: null },
      order: [['id', 'ASC']],
      limit: PAGE,
    });
    if (reports.length === 0) return result;
    for (const report of reports) {
      const thumbnailKey = report.thumbnailKey as string;
      try {
        const thumbnail = await deps.storage.get(thumbnailKey);
        if (!thumbnail) throw new Error('thumbnail missing from storage');
        const preview = await makePreview(thumbnail);
        const previewKey = newImageKey('reports', preview.extension);
        await deps.storage.put(previewKey, preview.data, preview.contentType);
        const [updated] = await Report.update(
          { imagePreviewKey: previewKey },
          { where: { id: report.id, thumbnailKey, imagePreviewKey: null }, silent: true },
        );
        if (updated === 0) await removeStoredImages(deps, [previewKey]);
        else result.made += 1;
      } catch (error) {
        result.failed += 1;
        deps.logger.warn({ err: error, reportId: report.id }, 'blurred preview could not be made');
      }
      onProgress?.(result.made + result.failed);
    }
    afterId = reports.at(-1)?.id ?? afterId;
  }
}
