import type { MenuItemConstructorOptions } from 'electron';
import { DESKTOP_TEXTS, OPERATOR_SCREENS } from '@hiraku/shared';
import { buildMenuTemplate } from './applicationMenu';

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])]);
}

const actions = () => ({ about: jest.fn(), changeServer: jest.fn(), setNotifications: jest.fn(), openWebsite: jest.fn(), openScreen: jest.fn() });

describe('application menu', () => {
  it('is in Japanese with the usual shortcuts on Windows and Linux', () => {
    const template = buildMenuTemplate({ isMac: false, notifyNewReports: true, development: false }, actions());
    expect(template.map((item) => item.label)).toEqual(['ファイル', '編集', '表示', '移動', 'ウインドウ', 'ヘルプ']);
    const items = flatten(template);
    const byLabel = (label: string) => items.find((item) => item.label === label);
    expect(byLabel('コピー')?.accelerator).toBe('CmdOrCtrl+C');
    expect(byLabel('再読み込み')?.accelerator).toBe('CmdOrCtrl+R');
    expect(byLabel('ひらく運営を終了')?.accelerator).toBe('Ctrl+Q');
    expect(byLabel('ひらく運営について')).toBeDefined();
    expect(byLabel('開発者ツール')).toBeUndefined();
    for (const item of items) if (item.type !== 'separator') expect(item.label).toMatch(/[ぁ-んァ-ン一-龥]/);
  });

  it('puts the app menu first on macOS and switches notifications with a checkbox', () => {
    const handlers = actions();
    const template = buildMenuTemplate({ isMac: true, notifyNewReports: false, development: true }, handlers);
    expect(template[0]?.label).toBe('ひらく運営');
    const items = flatten(template);
    const toggle = items.find((item) => item.label === '新しい通報を通知する');
    expect(toggle).toMatchObject({ type: 'checkbox', checked: false });
    (toggle?.click as unknown as (item: { checked: boolean }) => void)({ checked: true });
    expect(handlers.setNotifications).toHaveBeenCalledWith(true);
    expect(items.find((item) => item.label === '開発者ツール')).toBeDefined();
    (items.find((item) => item.label === 'ひらく運営について')?.click as unknown as () => void)();
    expect(handlers.about).toHaveBeenCalled();
  });

  it('opens every operator screen from 移動, the notice templates included, with Ctrl/⌘ and a digit', () => {
    const handlers = actions();
    for (const isMac of [false, true]) {
      const template = buildMenuTemplate({ isMac, notifyNewReports: true, development: false }, handlers);
      const go = template.find((item) => item.label === '移動');
      const entries = Array.isArray(go?.submenu) ? go.submenu : [];
      expect(entries.map((item) => item.label)).toEqual(OPERATOR_SCREENS.map((screen) => DESKTOP_TEXTS.operatorMenu[screen]));
      const templates = entries.find((item) => item.label === '通知の定型文');
      expect(templates?.accelerator).toBe(`CmdOrCtrl+${OPERATOR_SCREENS.indexOf('noticeTemplates') + 1}`);
      (templates?.click as unknown as () => void)();
      expect(handlers.openScreen).toHaveBeenLastCalledWith('noticeTemplates');
      (entries[0]?.click as unknown as () => void)();
      expect(handlers.openScreen).toHaveBeenLastCalledWith('moderationQueue');
      // Each digit once: no two screens on one shortcut.
      const accelerators = entries.map((item) => item.accelerator).filter(Boolean);
      expect(new Set(accelerators).size).toBe(accelerators.length);
    }
  });
});
