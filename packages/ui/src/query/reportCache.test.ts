import type { QueryClient } from '@tanstack/react-query';
import type { ReportDetail } from '@hiraku/shared';
import { feedQueryKey } from '../reports/feedQuery';
import { endpointQueryKey } from './endpointQuery';
import { createQueryClient } from './queryClient';
import { forgetReport, setSavedReport } from './reportCache';

function report(id: number, title: string): ReportDetail {
  return {
    _id: id,
    title,
    description: '',
    tips: '',
    duration: '',
    gender: null,
    sexualOrientation: null,
    role: null,
    playCategories: [],
    playContents: [],
    tools: [],
    play: [],
    isDraft: false,
    isHidden: false,
    audience: 'members',
    mainImageUrl: null,
    thumbnailUrl: null,
    image: null,
    warnings: [],
    warningOther: null,
    warningsLocked: false,
    likeCount: 0,
    commentCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    publishedAt: '2026-01-01T00:00:00.000Z',
    authorData: { username: '作者', iconUrl: null, publicId: 'sakusha01' },
    abilities: { update: true, delete: true, like: false, comment: true },
  };
}

const detailKey = (id: number) => endpointQueryKey('reports.get', { params: { id } });
const invalidated = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

describe('setSavedReport', () => {
  it('puts the saved report on its page at once and leaves the lists to be read again', async () => {
    const client = createQueryClient();
    client.setQueryData(detailKey(7), report(7, '古いタイトル'));
    client.setQueryData(detailKey(8), report(8, '別のレポート'));
    client.setQueryData(endpointQueryKey('reports.mine'), []);
    client.setQueryData(feedQueryKey('new'), { pages: [], pageParams: [] });

    await setSavedReport(client, report(7, '新しいタイトル'));

    // Its page shows the answer, not the old words (even while it is read again).
    expect(client.getQueryData<ReportDetail>(detailKey(7))?.title).toBe('新しいタイトル');
    expect(client.getQueryData<ReportDetail>(detailKey(8))?.title).toBe('別のレポート');
    expect(invalidated(client, endpointQueryKey('reports.mine'))).toBe(true);
    expect(invalidated(client, feedQueryKey('new'))).toBe(true);
    expect(invalidated(client, detailKey(7))).toBe(true);
  });

  it('caches a new report\'s page under its id', async () => {
    const client = createQueryClient();
    await setSavedReport(client, report(12, '新しいレポート'));
    expect(client.getQueryData<ReportDetail>(detailKey(12))?.title).toBe('新しいレポート');
  });
});

describe('forgetReport', () => {
  it('drops only the deleted report\'s page and leaves the lists to be read again', async () => {
    const client = createQueryClient();
    client.setQueryData(detailKey(7), report(7, '消すレポート'));
    client.setQueryData(detailKey(8), report(8, '残るレポート'));
    client.setQueryData(endpointQueryKey('reports.mine'), []);

    await forgetReport(client, 7);

    expect(client.getQueryData(detailKey(7))).toBeUndefined();
    expect(client.getQueryData<ReportDetail>(detailKey(8))?.title).toBe('残るレポート');
    expect(invalidated(client, endpointQueryKey('reports.mine'))).toBe(true);
  });
});
