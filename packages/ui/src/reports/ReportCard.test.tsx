import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { type ReportListItem, TEXTS } from '@hiraku/shared';
import { ReportCard } from './ReportCard';

const base: ReportListItem = {
  _id: 42,
  title: 'はじめての後手縛りで感じた安心感とドキドキ',
  description: 'あ'.repeat(60),
  thumbnailUrl: '/uploads/thumb.webp',
  image: { sensitive: false, locked: false, display: 'full', previewUrl: null },
  warnings: [],
  warningOther: null,
  likeCount: 3,
  createdAt: '2025-01-01T00:00:00.000Z',
  authorData: { username: '縄好きの花子', iconUrl: null, publicId: 'hanako_01' },
};

function render(report: ReportListItem): string {
  return renderToString(
    <MemoryRouter>
      <ReportCard report={report} />
    </MemoryRouter>,
  );
}

describe('ReportCard', () => {
  it('cuts the title to 15 and the description to 55 characters, links the report and the author separately', () => {
    const html = render(base);
    expect(html).toContain('data-report-id="42"');
    expect(html).toContain('はじめての後手縛りで感じた安心…');
    expect(html).toContain(`${'あ'.repeat(55)}…`);
    expect(html).toContain('いいね: 3');
    expect(html).toContain('href="/reports/42"');
    expect(html).toContain('href="/profile/hanako_01"');
    // No link inside another link: the author link closes before or after the report link.
    expect(html).not.toMatch(/<a [^>]*>(?:(?!<\/a>).)*<a /s);
  });

  it('says 無題, 説明はありません and 画像なし when the report has none, and 不明 for an author without a profile', () => {
    const html = render({ ...base, title: '  ', description: '', thumbnailUrl: null, authorData: { username: null, iconUrl: null, publicId: 'x' } });
    expect(html).toContain(TEXTS.common.untitled);
    expect(html).toContain(TEXTS.common.noDescription);
    expect(html).toContain(`alt="${TEXTS.common.noImage}"`);
    expect(html).toContain(TEXTS.common.unknownAuthor);
    expect(html).not.toContain('src="/uploads');
  });
});
