import type { ReportListItem, ReportPage, SessionUser } from '@hiraku/shared';
import { renderFirstScreen } from './renderFirstScreen';

const MEMBER: SessionUser = { publicId: 'reader_01', tutorial: true, role: 'member', twoFactor: false };

function card(id: number, title: string): ReportListItem {
  return {
    _id: id,
    title,
    description: `${title}の感想`,
    thumbnailUrl: null,
    image: null,
    warnings: [],
    warningOther: null,
    likeCount: id,
    createdAt: '2026-01-01T00:00:00.000Z',
    authorData: { username: '縄好きの花子', iconUrl: null, publicId: 'hanako_01' },
  };
}

const FEED_URL = '/api/reports/infinite?sort=new&limit=8';
const page = (titles: string[]): ReportPage => ({ data: titles.map((title, index) => card(index + 1, title)), nextKey: 'k', hasMore: true });

describe('renderFirstScreen (a first screen written on the server)', () => {
  const fetchSpy = jest.spyOn(globalThis, 'fetch');
  afterEach(() => fetchSpy.mockClear());
  afterAll(() => fetchSpy.mockRestore());

  it("writes /reports with the member's cards from the answers given, and its title apart", async () => {
    const screen = await renderFirstScreen('/reports', { '/api/auth/me': MEMBER, [FEED_URL]: page(['後手縛り', '首輪の話']) });
    expect(screen?.title).toBe('レポート一覧 | ひらく');
    const html = screen?.html ?? '';
    expect([...html.matchAll(/data-report-id="(\d+)"/g)].map((match) => match[1])).toEqual(['1', '2']);
    expect(html).toContain('後手縛り');
    expect(html).toContain('href="/reports/2"');
    // The member's shell: the bell (a lazy part of the header) is in it, not left for the browser.
    expect(html).toContain('data-testid="notification-bell"');
    expect(html).not.toContain('<title>');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('writes no script: the Content-Security-Policy refuses inline scripts, so lazy parts are written as their fallbacks', async () => {
    const titles = Array.from({ length: 8 }, (_, index) => `縄の記録${index + 1}`);
    const screen = await renderFirstScreen('/reports', { '/api/auth/me': MEMBER, [FEED_URL]: page(titles) });
    const html = screen?.html ?? '';
    expect([...html.matchAll(/data-report-id="(\d+)"/g)]).toHaveLength(8);
    expect(html).not.toMatch(/<script/i);
    // Each card's buttons as they are before their code arrives: shown, not yet pressable.
    expect([...html.matchAll(/class="save-button"[^>]*disabled/g)]).toHaveLength(8);
  });

  it('shows the placeholders, not an empty list, when the feed was not read (and still asks nobody)', async () => {
    const screen = await renderFirstScreen('/reports', { '/api/auth/me': MEMBER });
    expect(screen?.html).toContain('report-card--placeholder');
    expect(screen?.html).not.toContain('data-report-id');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('writes nothing without a member', async () => {
    expect(await renderFirstScreen('/reports', { [FEED_URL]: page(['後手縛り']) })).toBeNull();
    expect(await renderFirstScreen('/reports', { '/api/auth/me': { publicId: 1 } })).toBeNull();
  });
});
