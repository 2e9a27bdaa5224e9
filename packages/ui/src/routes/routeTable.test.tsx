import { renderToString } from 'react-dom/server';
import { INDEXABLE_PATHS, PRIVACY_CONTACT_TEXTS, type SessionUser } from '@hiraku/shared';
import { matchRoutes } from 'react-router-dom';
import { HirakuApp } from '../HirakuApp';
import type { Platform } from '../platform/Platform';
import { createHirakuRouter, firstScreenShown } from './createHirakuRouter';
import { buildAppRoutes, ROUTE_GROUP_IDS } from './routeTable';

const routes = buildAppRoutes();

function groupOf(path: string): string | undefined {
  const ids = (matchRoutes(routes, path) ?? []).map((match) => match.route.id);
  return Object.values(ROUTE_GROUP_IDS).find((group) => ids.includes(group));
}

const platform: Platform = { kind: 'web', apiBaseUrl: '', openExternal: () => undefined, alert: () => undefined, confirm: () => Promise.resolve(true) };

const member: SessionUser = { publicId: 'abc123', tutorial: false, role: 'member', twoFactor: false };

async function renderAt(path: string, { supportEmail, user }: { supportEmail?: string; user?: SessionUser | null } = {}): Promise<string> {
  const router = createHirakuRouter('memory', { initialEntries: [path], routes: buildAppRoutes() });
  await firstScreenShown(router);
  return renderToString(<HirakuApp platform={platform} router={router} siteConfig={supportEmail ? { supportEmail } : undefined} initialUser={user} />);
}

describe('route table', () => {
  it.each(['/', '/signup', '/login', '/verify-email', '/forgot-password', '/reset-password', '/contact-form', '/faq', '/privacy-policy', '/terms-of-service', '/glossary'])(
    '%s is public',
    (path) => expect(groupOf(path)).toBe(ROUTE_GROUP_IDS.public),
  );

  it.each(['/dashboard', '/create-report', '/reports', '/reports/42', '/edit-report/42', '/category-manager', '/tag-manager', '/profile', '/profile/abc123', '/search-results', '/delete-account', '/settings'])(
    '%s sits behind the member guard',
    (path) => expect(groupOf(path)).toBe(ROUTE_GROUP_IDS.members),
  );

  it.each(['/category-manager', '/tag-manager', '/moderation/queue', '/moderation/enquiries', '/moderation/enquiries/12', '/moderation/analytics'])('%s is in the operators group, inside the members group', (path) => {
    const ids = (matchRoutes(routes, path) ?? []).map((match) => match.route.id);
    expect(ids).toEqual(expect.arrayContaining([ROUTE_GROUP_IDS.members, ROUTE_GROUP_IDS.operators]));
  });

  it('loads every screen lazily, so none of them is in the initial chunk', () => {
    const leaves = (matchRoutes(routes, '/') ?? []).concat(matchRoutes(routes, '/reports') ?? []).map((match) => match.route).filter((route) => route.path);
    expect(leaves).toHaveLength(2);
    for (const route of leaves) {
      expect(route.element).toBeUndefined();
      expect(route.lazy).toEqual(expect.any(Function));
    }
  });

  it.each([...INDEXABLE_PATHS])('robots.txt lets in %s, a page visitors can read', (path) => expect(groupOf(path)).toBe(ROUTE_GROUP_IDS.public));

  it('guards /tutorial on its own, outside the members group', () => {
    expect(groupOf('/tutorial')).toBe(ROUTE_GROUP_IDS.tutorial);
  });

  it('serves the contact form, not a placeholder, to visitors', async () => {
    const html = await renderAt('/contact-form', { user: null });
    expect(html).toContain('お問い合わせの種類');
    expect(html).toContain('type="radio"');
    expect(html).not.toContain('準備中');
  });

  it('serves the 設定 screen to members as its list of sections, each a headed region', async () => {
    const html = await renderAt('/settings', { user: member });
    expect(html).toContain('<h1 class="page__title">設定</h1>');
    expect(html).toContain('<title>設定 | ひらく</title>');
    // The account section's heading names its region, and its links lead to the existing screens.
    expect(html).toMatch(/<section class="settings-section" aria-labelledby="([^"]+)"><h2 id="\1" class="section-heading">アカウント<\/h2>/);
    expect(html).toContain('href="/delete-account"');
  });

  it('sends unknown addresses to the not-found page inside the layout', async () => {
    const html = await renderAt('/no-such-page');
    expect(html).toContain('お探しのページは見つかりませんでした。');
    expect(html).toContain('© 2024 ひらく');
  });
});

describe('member guard', () => {
  it('shows a waiting note, not the page, while it is not yet known who is visiting', async () => {
    const html = await renderAt('/dashboard');
    expect(html).toContain('ログイン状態を確認しています...');
    expect(html).not.toContain('準備中');
  });

  it('shows members their page and the landing page a link to the reports instead of the login button', async () => {
    const dashboard = await renderAt('/dashboard', { user: member });
    expect(dashboard).toContain('マイページを読み込んでいます...');
    expect(dashboard).not.toContain('準備中');
    const landing = await renderAt('/', { user: member });
    expect(landing).toContain('レポート一覧へ');
    expect(landing).not.toContain('無料で会員登録');
  });

  it('offers visitors known to be signed out a login link in the header', async () => {
    expect(await renderAt('/faq', { user: null })).toContain('class="site-header__login"');
    expect(await renderAt('/faq', { user: member })).not.toContain('class="site-header__login"');
  });
});

describe('rendered shell', () => {
  it('renders a member screen inside the shell with header and footer (a report page, still loading)', async () => {
    const html = await renderAt('/reports/42', { user: member });
    expect(html).toContain('読み込み中...');
    expect(html).not.toContain('準備中');
    expect(html).toContain('aria-haspopup="menu"');
    expect(html).toContain('role="search"');
  });

  it('puts the configured support mailbox into the privacy policy, and no made-up one before it is known', async () => {
    // Nothing handed in: the page asks the server (GET /api/site-config) and meanwhile names no address.
    const pending = await renderAt('/privacy-policy');
    expect(pending).toContain(PRIVACY_CONTACT_TEXTS.loading);
    expect(pending).not.toContain('mailto:');
    expect(pending).not.toContain('support@hiraku.local');
    const html = await renderAt('/privacy-policy', { supportEmail: 'privacy@example.jp' });
    expect(html).toContain('href="mailto:privacy@example.jp"');
    expect(html).not.toContain('support@hiraku.local');
  });
});
