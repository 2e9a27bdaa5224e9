import { text } from 'node:stream/consumers';
import { prerenderToNodeStream } from 'react-dom/static';
import { DESKTOP_TEXTS, OPERATOR_SCREENS, SAFETY_TEXTS, SECURITY_TEXTS, type SessionUser } from '@hiraku/shared';
import { matchRoutes } from 'react-router-dom';
import { HirakuApp } from '../HirakuApp';
import type { Platform } from '../platform/Platform';
import { createHirakuRouter, firstScreenShown } from '../routes/createHirakuRouter';
import { OPERATOR_MENU } from './operatorMenu';
import { buildOperatorRoutes } from './operatorRoutes';

const platform: Platform = { kind: 'desktop', apiBaseUrl: '', openExternal: () => undefined, alert: () => undefined, confirm: () => Promise.resolve(true) };
const operator: SessionUser = { publicId: 'unei01', tutorial: true, role: 'operator', twoFactor: true };

/** Rendered once every lazy screen has loaded (the analytics screen's chart chunk is fetched on first use). */
async function renderAt(path: string, host: Platform = platform): Promise<string> {
  const router = createHirakuRouter('memory', { initialEntries: [path], routes: buildOperatorRoutes() });
  await firstScreenShown(router);
  const { prelude } = await prerenderToNodeStream(<HirakuApp platform={host} router={router} initialUser={operator} />);
  return text(prelude);
}

describe('operator mode routes', () => {
  it('gives every menu entry a screen of its own, the enquiries, analytics and notice templates included', async () => {
    expect(OPERATOR_MENU.map((item) => item.label)).toEqual(
      expect.arrayContaining([DESKTOP_TEXTS.operatorMenu.enquiries, DESKTOP_TEXTS.operatorMenu.analytics, DESKTOP_TEXTS.operatorMenu.noticeTemplates]),
    );
    // The side menu and the application menu's 移動 list the same screens in the same order.
    expect(OPERATOR_MENU.map((item) => item.screen)).toEqual([...OPERATOR_SCREENS]);
    for (const item of OPERATOR_MENU) {
      const html = await renderAt(item.path);
      expect(html).toContain(`>${item.label}</h1>`);
      expect(html).not.toContain('準備中');
    }
  });

  it('opens one enquiry at its own address, inside the operators\' frame', async () => {
    const leaf = matchRoutes(buildOperatorRoutes(), '/moderation/enquiries/7')?.at(-1);
    expect(leaf?.params).toEqual({ id: '7' });
    expect(await renderAt('/moderation/enquiries/7')).toContain('お問い合わせの内容');
  });

  it("has a 設定 of sign-in security only, where an operator without two-factor sign-in is sent", async () => {
    const html = await renderAt('/settings');
    expect(html).toContain(SECURITY_TEXTS.twoFactor.heading);
    expect(html).not.toContain(SAFETY_TEXTS.wordsSection);
  });

  it("adds アプリの更新 to 設定 where the host keeps an update feed (the desktop app), and nowhere else", async () => {
    expect(await renderAt('/settings')).not.toContain(DESKTOP_TEXTS.updateFeed.heading);
    const desktop: Platform = { ...platform, updateFeed: { current: () => Promise.resolve(null), set: (url) => Promise.resolve({ ok: true, url }) } };
    const html = await renderAt('/settings', desktop);
    expect(html).toContain(DESKTOP_TEXTS.updateFeed.heading);
    expect(html).toContain(DESKTOP_TEXTS.updateFeed.label);
  });

  it('offers no member screen', () => {
    expect(matchRoutes(buildOperatorRoutes(), '/reports')?.at(-1)?.route.path).toBe('*');
  });
});
