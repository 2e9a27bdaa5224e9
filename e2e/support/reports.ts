import type { APIRequestContext } from '@playwright/test';
import { COOKIE_NAMES, XSRF_HEADER, type ReportMutationResponse, type TagItem } from '@hiraku/shared';

async function xsrf(request: APIRequestContext): Promise<Record<string, string>> {
  let token = (await request.storageState()).cookies.find((cookie) => cookie.name === COOKIE_NAMES.xsrf)?.value;
  if (!token) {
    await request.get('/api/auth/me');
    token = (await request.storageState()).cookies.find((cookie) => cookie.name === COOKIE_NAMES.xsrf)?.value;
  }
  if (!token) throw new Error('no XSRF-TOKEN cookie');
  return { [XSRF_HEADER]: token };
}

/**
 * A report made through the real API by the signed-in member of `request` (who needs a profile): the
 * first tag of every required category, no image. `isDraft` keeps it to its author.
 */
export async function createReportThroughApi(request: APIRequestContext, title: string, { isDraft = false } = {}): Promise<number> {
  const tags = (await (await request.get('/api/tags')).json()) as TagItem[];
  const first = (key: string) => {
    const tag = tags.find((candidate) => candidate.category_id?.key === key);
    if (!tag) throw new Error(`no ${key} tag`);
    return String(tag._id);
  };
  const response = await request.post('/api/reports', {
    headers: await xsrf(request),
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
    },
  });
  if (response.status() !== 201) throw new Error(`report creation answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as ReportMutationResponse).report._id;
}
