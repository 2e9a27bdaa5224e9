import { readFileSync } from 'node:fs';
import path from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { LIMITS } from '@hiraku/shared';
import type { EndpointCaller } from '../api/endpointClient';
import { feedQueryKey } from '../reports/feedQuery';
import { FIRST_SCREEN_WAIT_MS, prefetchFirstScreen } from './firstScreenData';
import { firstScreenManifest } from './firstScreenManifest';

const page = { data: [], hasMore: false, nextKey: null };

function recordingCaller(answer: () => Promise<unknown>) {
  const calls: unknown[][] = [];
  const call = ((...args: unknown[]) => {
    calls.push(args);
    return answer();
  }) as unknown as EndpointCaller;
  return { call, calls };
}

describe('prefetchFirstScreen', () => {
  it('asks for the first page of the feed on /reports, beside the session check, into the list\'s cache entry', async () => {
    const client = new QueryClient();
    const { call, calls } = recordingCaller(() => Promise.resolve(page));
    await prefetchFirstScreen('/reports/', client, call);
    expect(calls).toHaveLength(1);
    const [key, input, options] = calls[0] as [string, { query: object }, Record<string, unknown>];
    expect(key).toBe('reports.feed');
    // No member's stored sort here (no window): the default order.
    expect(input.query).toEqual({ sort: 'new', lastKey: undefined, limit: LIMITS.pageSize });
    expect(options).toMatchObject({ refreshOn401: false, expireSessionOnRefreshFailure: false });
    expect(client.getQueryData(feedQueryKey('new'))).toEqual({ pages: [page], pageParams: [null] });
  });

  it('leaves other screens alone', () => {
    const { call, calls } = recordingCaller(() => Promise.resolve(page));
    expect(prefetchFirstScreen('/', new QueryClient(), call)).toBeUndefined();
    expect(prefetchFirstScreen('/reports/12', new QueryClient(), call)).toBeUndefined();
    expect(calls).toHaveLength(0);
  });

  it('settles on a refused answer without throwing, and leaves no page in the cache for the list to show', async () => {
    const client = new QueryClient();
    const { call } = recordingCaller(() => Promise.reject(Object.assign(new Error('unauthorised'), { status: 401 })));
    await expect(prefetchFirstScreen('/reports', client, call)).resolves.toBeUndefined();
    expect(client.getQueryData(feedQueryKey('new'))).toBeUndefined();
  });

  it('stops holding the first screen after FIRST_SCREEN_WAIT_MS when the answer is slow', async () => {
    jest.useFakeTimers();
    try {
      const { call } = recordingCaller(() => new Promise(() => undefined));
      let settled = false;
      void prefetchFirstScreen('/reports', new QueryClient(), call)?.then(() => {
        settled = true;
      });
      await jest.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MS - 1);
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(settled).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
  it("asks for exactly the addresses the server reads for /reports' first screen, so the app takes the answers sent in the page", async () => {
    const screens = JSON.parse(readFileSync(path.resolve(__dirname, '../../../../apps/web/firstScreens.json'), 'utf8')) as Record<string, { fetch: string[] }>;
    // What the app sends as it starts on /reports (the session check and the early first page), recorded
    // from its own API client, as firstScreens.json is written.
    const asked = (await firstScreenManifest())['/reports']?.fetch;
    expect(asked).toEqual(screens['/reports']?.fetch);
  });
});
