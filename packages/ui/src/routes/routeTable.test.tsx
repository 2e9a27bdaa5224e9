import { renderToString } from 'react-dom/server';
import type { SessionUser } from '@hiraku/shared';
import { matchRoutes } from 'react-router-dom';
import { HirakuApp } from '../HirakuApp';
import type { Platform } from '../platform/Platform';
import { createHirakuRouter } from './createHirakuRouter';
import { buildAppRoutes, ROUTE_GROUP_IDS } from './routeTable';

const routes = buildAppRoutes();

function groupOf(path: string): string | undefined {
  const ids = (matchRoutes(routes, path) ?? []).map((match) => match.route.id);
  return Object.values(ROUTE_GROUP_IDS).find((group) => ids.includes(group));
}

const platform: Platform = { kind: 'web', apiBaseUrl: '', openExternal: () => undefined };

const member: SessionUser = { publicId: 'abc123', tutorial: false, role: 'member' };

function renderAt(path: string, { supportEmail, user }: { supportEmail?: string; user?: SessionUser | null } = {}): string {
  const router = createHirakuRouter('memory', { initialEntries: [path] });
  return renderToString(<HirakuApp platform={platform} router={router} siteConfig={supportEmail ? { supportEmail } : undefined} initialUser={user} />);
}

describe('route table', () => {
  it.each(['/', '/signup', '/login', '/verify-email', '/forgot-password', '/reset-password', '/contact-form', '/faq', '/privacy-policy', '/terms-of-service', '/glossary'])(
    '%s is public',
    (path) => expect(groupOf(path)).toBe(ROUTE_GROUP_IDS.public),
  );

  it.each(['/dashboard', '/create-report', '/reports', '/reports/42', '/edit-report/42', '/category-manager', '/tag-manager', '/profile', '/profile/abc123', '/search-results', '/delete-account'])(
    '%s sits behind the member guard',
    (path) => expect(groupOf(path)).toBe(ROUTE_GROUP_IDS.members),
  );

  it('guards /tutorial on its own, outside the members group', () => {
    expect(groupOf('/tutorial')).toBe(ROUTE_GROUP_IDS.tutorial);
  });

  it('sends unknown addresses to the not-found page inside the layout', () => {
    const html = renderAt('/no-such-page');
    expect(html).toContain('お探しのページは見つかりませんでした。');
    expect(html).toContain('© 2024 ひらく');
  });
});

describe('member guard', () => {
  it('shows a waiting note, not the page, while it is not yet known who is visiting', () => {
    const html = renderAt('/dashboard');
    expect(html).toContain('ログイン状態を確認しています...');
    expect(html).not.toContain('準備中');
  });

  it('shows members their page and the landing page a link to the reports instead of the login button', () => {
    const dashboard = renderAt('/dashboard', { user: member });
    expect(dashboard).toContain('マイページを読み込んでいます...');
    expect(dashboard).not.toContain('準備中');
    const landing = renderAt('/', { user: member });
    expect(landing).toContain('レポート一覧へ');
    expect(landing).not.toContain('無料で会員登録');
  });

  it('offers visitors known to be signed out a login link in the header', () => {
    expect(renderAt('/faq', { user: null })).toContain('class="site-header__login"');
    expect(renderAt('/faq', { user: member })).not.toContain('class="site-header__login"');
  });
});

describe('rendered shell', () => {
  it('renders a member screen inside the shell with header and footer (a report page, still loading)', () => {
    const html = renderAt('/reports/42', { user: member });
    expect(html).toContain('読み込み中...');
    expect(html).not.toContain('準備中');
    expect(html).toContain('aria-haspopup="menu"');
    expect(html).toContain('role="search"');
  });

  it('puts the configured support mailbox into the privacy policy', () => {
    expect(renderAt('/privacy-policy')).toContain('support@hiraku.local');
    const html = renderAt('/privacy-policy', { supportEmail: 'privacy@example.jp' });
    expect(html).toContain('href="mailto:privacy@example.jp"');
    expect(html).not.toContain('support@hiraku.local');
  });
});
