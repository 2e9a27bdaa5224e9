import type { APIRequestContext, Locator } from '@playwright/test';
import { IMAGE_ATTESTATION_TEXTS, reportFormEntries, type ReportFormValues, type ReportMutationResponse, type TagItem } from '@hiraku/shared';
import { xsrfHeaders } from './members';
import { expect } from './test';

/** Writes a report the way the report form does (multipart, with the XSRF header) as the member of `request`; its id. */
export async function postReportForm(request: APIRequestContext, values: ReportFormValues): Promise<number> {
  const response = await request.post('/api/reports', {
    multipart: Object.fromEntries(reportFormEntries(values)),
    headers: await xsrfHeaders(request),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as ReportMutationResponse).report._id;
}

/**
 * A report made through the real API by the signed-in member of `request` (who needs a profile): the
 * first tag of every required category, no image unless `image` (a JPEG, both attestations ticked).
 * `isDraft` keeps it to its author.
 */
export async function createReportThroughApi(
  request: APIRequestContext,
  title: string,
  { isDraft = false, fields = {}, image }: { isDraft?: boolean; fields?: Record<string, string>; image?: Buffer } = {},
): Promise<number> {
  const tags = (await (await request.get('/api/tags')).json()) as TagItem[];
  const first = (key: string) => {
    const tag = tags.find((candidate) => candidate.category_id?.key === key);
    if (!tag) throw new Error(`no ${key} tag`);
    return String(tag._id);
  };
  const response = await request.post('/api/reports', {
    headers: await xsrfHeaders(request),
    multipart: {
      title,
      description: `${title}の感想です。`,
      tips: '',
      duration: '',
      gender: first('gender'),
      sexualOrientation: first('sexualOrientation'),
      role: first('role'),
      isDraft: String(isDraft),
      'playCategories[0]': first('playCategory'),
      'playContents[0]': first('playContent'),
      ...fields,
      ...(image ? { imageConsent: 'true', imageMosaic: 'true', mainImage: { name: 'image.jpg', mimeType: 'image/jpeg', buffer: image } } : {}),
    },
  });
  if (response.status() !== 201) throw new Error(`report creation answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as ReportMutationResponse).report._id;
}

/**
 * Chooses `file` as the report form's main image and ticks both attestations (issue 19), as a member
 * must before the form will send an image. `form` is the form's scope (e.g. main(page)).
 */
export async function attachMainImage(form: Locator, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  await form.getByLabel(/^(メイン画像を選ぶ|別の画像を選ぶ)$/).setInputFiles(file);
  await form.getByRole('checkbox', { name: IMAGE_ATTESTATION_TEXTS.consent }).check();
  await form.getByRole('checkbox', { name: IMAGE_ATTESTATION_TEXTS.mosaic }).check();
}
