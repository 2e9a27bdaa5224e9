import type { MenuItemConstructorOptions } from 'electron';
import { DESKTOP_TEXTS, OPERATOR_SCREENS, type OperatorScreen } from '@hiraku/shared';

const t = DESKTOP_TEXTS.appMenu;

export interface MenuActions {
  about: () => void;
  changeServer: () => void;
  setNotifications: (enabled: boolean) => void;
  openWebsite: () => void;
  /** Issue 38: opens one of the operators' screens in the window (the renderer knows where it is). */
  openScreen: (screen: OperatorScreen) => void;
}

export interface MenuState {
  isMac: boolean;
  notifyNewReports: boolean;
  /** Developer tools only in a development build. */
  development: boolean;
}

/** The application menu, in Japanese, with the shortcuts operators know from other apps. */
export function buildMenuTemplate(state: MenuState, actions: MenuActions): MenuItemConstructorOptions[] {
  const settings: MenuItemConstructorOptions[] = [
    {
      label: t.notifications,
      type: 'checkbox',
      checked: state.notifyNewReports,
      click: (item) => actions.setNotifications(item.checked),
    },
    { label: t.changeServer, accelerator: 'CmdOrCtrl+Shift+S', click: actions.changeServer },
  ];
  const about: MenuItemConstructorOptions = { label: t.about, click: actions.about };

  const macApp: MenuItemConstructorOptions = {
    label: DESKTOP_TEXTS.productName,
    submenu: [
      about,
      { type: 'separator' },
      { label: t.preferences, submenu: settings },
      { type: 'separator' },
      { role: 'hide', label: t.hide, accelerator: 'Command+H' },
      { role: 'hideOthers', label: t.hideOthers, accelerator: 'Command+Alt+H' },
      { role: 'unhide', label: t.showAll },
      { type: 'separator' },
      { role: 'quit', label: t.quit, accelerator: 'Command+Q' },
    ],
  };

  const file: MenuItemConstructorOptions = {
    label: t.file,
    submenu: [
      ...(state.isMac ? [] : [{ label: t.preferences, submenu: settings }, { type: 'separator' } as const]),
      { role: 'close', label: t.close, accelerator: 'CmdOrCtrl+W' },
      ...(state.isMac ? [] : [{ role: 'quit', label: t.quit, accelerator: 'Ctrl+Q' } as const]),
    ],
  };

  const edit: MenuItemConstructorOptions = {
    label: t.edit,
    submenu: [
      { role: 'undo', label: t.undo, accelerator: 'CmdOrCtrl+Z' },
      { role: 'redo', label: t.redo, accelerator: state.isMac ? 'Shift+Command+Z' : 'Ctrl+Y' },
      { type: 'separator' },
      { role: 'cut', label: t.cut, accelerator: 'CmdOrCtrl+X' },
      { role: 'copy', label: t.copy, accelerator: 'CmdOrCtrl+C' },
      { role: 'paste', label: t.paste, accelerator: 'CmdOrCtrl+V' },
      { role: 'selectAll', label: t.selectAll, accelerator: 'CmdOrCtrl+A' },
    ],
  };

  const view: MenuItemConstructorOptions = {
    label: t.view,
    submenu: [
      { role: 'reload', label: t.reload, accelerator: 'CmdOrCtrl+R' },
      { type: 'separator' },
      { role: 'resetZoom', label: t.actualSize, accelerator: 'CmdOrCtrl+0' },
      { role: 'zoomIn', label: t.zoomIn, accelerator: 'CmdOrCtrl+Plus' },
      { role: 'zoomOut', label: t.zoomOut, accelerator: 'CmdOrCtrl+-' },
      { type: 'separator' },
      { role: 'togglefullscreen', label: t.fullScreen, accelerator: state.isMac ? 'Ctrl+Command+F' : 'F11' },
      ...(state.development ? [{ role: 'toggleDevTools', label: t.devTools, accelerator: 'CmdOrCtrl+Alt+I' } as const] : []),
    ],
  };

  // 移動: every operator screen, the notice templates included, with Ctrl/⌘ and its place for the first nine.
  const go: MenuItemConstructorOptions = {
    label: t.go,
    submenu: OPERATOR_SCREENS.map((screen, index) => ({
      label: DESKTOP_TEXTS.operatorMenu[screen],
      ...(index < 9 ? { accelerator: `CmdOrCtrl+${index + 1}` } : {}),
      click: () => actions.openScreen(screen),
    })),
  };

  const window: MenuItemConstructorOptions = {
    label: t.window,
    submenu: [{ role: 'minimize', label: t.minimize, accelerator: 'CmdOrCtrl+M' }, ...(state.isMac ? [{ role: 'zoom', label: t.zoom } as const] : [])],
  };

  const help: MenuItemConstructorOptions = {
    role: 'help',
    label: t.help,
    submenu: [{ label: t.openWebsite, click: actions.openWebsite }, ...(state.isMac ? [] : [{ type: 'separator' } as const, about])],
  };

  return [...(state.isMac ? [macApp] : []), file, edit, view, go, window, help];
}
