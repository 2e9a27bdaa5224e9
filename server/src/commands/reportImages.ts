import type { Sequelize, Transaction } from 'sequelize';
import { newImageKey, processImage, type ProcessedImage } from '../images/imagePipeline';
import type { Logger } from '../logger';
import type { Storage } from '../storage/storage';
import { writeTransaction } from '../db/transaction';
import { imageHash } from '../images/perceptualHash';
import type { Models } from '../models';
import { recordImageFingerprint } from './reuploadGuard';

/** A main image, its thumbnail and blurred preview, decoded and re-encoded, with the keys they will be stored under. */
export interface PreparedReportImages {
  mainKey: string;
  thumbnailKey: string;
  previewKey: string;
  main: ProcessedImage;
  thumbnail: ProcessedImage;
  /** Shown instead of the image to members who chose ぼかす, while it is labelled センシティブな画像. */
  preview: ProcessedImage;
  /** The main image's difference hash: compared with removed images, kept with the image; null for a flat picture. */
  hash: string | null;
}

/** The variants of an upload; refuses anything that is not a JPEG, PNG, WebP or GIF by its bytes. */
export async function prepareReportImages(data: Buffer): Promise<PreparedReportImages> {
  const main = await processImage(data, 'reportMain');
  const thumbnail = await processImage(data, 'reportThumbnail');
  // Every image gets one, labelled or not: an operator may label it later without touching the file.
  const preview = await makePreview(thumbnail.data);
  // From our own re-encoded main image, as every stored fingerprint is: one pipeline, comparable hashes.
  const hash = await imageHash(main.data);
  return {
    hash,
    mainKey: newImageKey('reports', main.extension),
    thumbnailKey: newImageKey('reports', thumbnail.extension),
    previewKey: newImageKey('reports', preview.extension),
    main,
    thumbnail,
    preview,
  };
}

/** The blurred preview, made from the stored thumbnail (small, already re-encoded by us). */
export function makePreview(thumbnail: Buffer): Promise<ProcessedImage> {
  return processImage(thumbnail, 'reportPreview');
}

/** Best effort: a file that cannot be removed is logged, never a reason to fail the member's request. */
export async function removeStoredImages(deps: { storage: Storage; logger: Logger }, keys: ReadonlyArray<string | null | undefined>): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    await deps.storage.delete(key).catch((error: unknown) => deps.logger.error({ err: error, key }, 'report image could not be removed'));
  }
}

export interface ReportWriteResult {
  /** Files the committed change no longer points at; removed after the commit, never before. */
  obsoleteImageKeys: string[];
}

/**
 * Runs a report write in one transaction and keeps files and rows in step: new images are stored as the
 * last step before the commit (a refused write never stores a file), removed again if the commit fails,
 * and the images the write replaced are removed only once it is committed.
 */
export async function runReportWrite<T extends ReportWriteResult>(
  deps: { sequelize: Sequelize; storage: Storage; logger: Logger; models: Pick<Models, 'ImageFingerprint'> },
  images: PreparedReportImages | null,
  work: (transaction: Transaction) => Promise<T>,
): Promise<T> {
  let result: T;
  try {
    result = await writeTransaction(deps.sequelize, async (transaction) => {
      const written = await work(transaction);
      if (images) {
        if (images.hash !== null) await recordImageFingerprint(deps.models, images.mainKey, images.hash, { transaction });
        await deps.storage.put(images.mainKey, images.main.data, images.main.contentType);
        await deps.storage.put(images.thumbnailKey, images.thumbnail.data, images.thumbnail.contentType);
        await deps.storage.put(images.previewKey, images.preview.data, images.preview.contentType);
      }
      return written;
    });
  } catch (error) {
    if (images) await removeStoredImages(deps, [images.mainKey, images.thumbnailKey, images.previewKey]);
    throw error;
  }
  await removeStoredImages(deps, result.obsoleteImageKeys);
  return result;
}
