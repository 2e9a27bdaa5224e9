import { COOKIE_NAMES, reportFormEntries, XSRF_HEADER, type CategoryKey, type ReportFormValues } from '@hiraku/shared';
import type { Models, Tag } from '../../src/models';
import type { HttpClient } from './httpClient';
import { sessionCookieHeader, type UploadFile } from './multipart';

/** The tags of each system category, in display order (seedTaxonomy must have run). */
export type SystemTags = Record<CategoryKey, Tag[]>;

export async function systemTags(models: Pick<Models, 'Category' | 'Tag'>): Promise<SystemTags> {
  const categories = await models.Category.findAll({ where: { key: ['gender', 'sexualOrientation', 'role', 'tools', 'playCategory', 'playContent'] } });
  const result = {} as SystemTags;
  for (const category of categories) {
    result[category.key as CategoryKey] = await models.Tag.findAll({ where: { categoryId: category.id }, order: [['sortOrder', 'ASC'], ['id', 'ASC']] });
  }
  return result;
}

const pick = (tags: Tag[], index: number): Tag => {
  const tag = tags[index];
  if (!tag) throw new Error(`no tag at ${index}`);
  return tag;
};

/** A report form that may be published: every field marked ※ filled. */
export function publishableForm(tags: SystemTags, overrides: Partial<ReportFormValues> = {}): ReportFormValues {
  return {
    title: '初めての後手縛り',
    description: '声をかけ合いながら、ゆっくり進めました。終わった後のアフターケアも大切にしました。',
    tips: '安全ばさみを手の届く所に置くこと。',
    duration: '2時間',
    gender: pick(tags.gender, 0).id,
    sexualOrientation: pick(tags.sexualOrientation, 0).id,
    role: pick(tags.role, 0).id,
    isDraft: false,
    tools: [
      { name: '麻縄', quantity: '7m×2本' },
      { name: '安全ばさみ', quantity: '' },
    ],
    play: [
      { stepNumber: 1, action: '挨拶と合図の確認' },
      { stepNumber: 2, action: '後手縛り' },
      { stepNumber: 3, action: 'アフターケア' },
    ],
    playCategories: [pick(tags.playCategory, 0).id],
    playContents: [pick(tags.playContent, 0).id, pick(tags.playContent, 1).id],
    ...overrides,
  };
}

export interface FormAnswer<T> {
  status: number;
  body: T;
}

/**
 * Sends the report form as the web client does (multipart, session cookie, X-XSRF-TOKEN). `fields`
 * are the form's values, or raw field pairs to send exactly as given.
 */
export async function sendReportForm<T>(
  client: HttpClient,
  method: 'POST' | 'PUT',
  path: string,
  fields: ReportFormValues | Array<[string, string]>,
  file?: UploadFile & { field?: string },
  { signal }: { signal?: AbortSignal } = {},
): Promise<FormAnswer<T>> {
  if (!client.cookie(COOKIE_NAMES.xsrf)) await client.get('/api/auth/me', { signal });
  const form = new FormData();
  const entries = Array.isArray(fields) ? fields : reportFormEntries(fields);
  for (const [name, value] of entries) form.append(name, value);
  // As the form does once the member ticked both (issue 19): a test that means to leave them out sends
  // the fields itself with `imageConsent: 'false'`.
  if (file && !entries.some(([name]) => name === 'imageConsent' || name === 'imageMosaic')) {
    form.append('imageConsent', 'true');
    form.append('imageMosaic', 'true');
  }
  if (file) form.append(file.field ?? 'mainImage', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const res = await fetch(new URL(path, client.baseUrl), {
    method,
    body: form,
    headers: { accept: 'application/json', cookie: sessionCookieHeader(client), [XSRF_HEADER]: client.cookie(COOKIE_NAMES.xsrf) ?? '' },
    signal,
  });
  const text = await res.text();
  const body = ((res.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text) as T;
  return { status: res.status, body };
}
