import path from 'node:path';
import type * as Electron from 'electron';
import { COOKIE_NAMES, DESKTOP_TEXTS } from '@hiraku/shared';
import { BRIDGE_CHANNELS } from '../shared/bridge';
import { APP_HOST, APP_ORIGIN, APP_SCHEME, APP_SCHEME_PRIVILEGES, appPageMatcher } from './appScheme';
import { buildMenuTemplate } from './applicationMenu';
import { createCaseAlerts } from './caseAlerts';
import { createCaseStream } from './caseStream';
import { createBridgeHandlers } from './bridgeHandlers';
import { contentSecurityPolicy } from './contentSecurityPolicy';
import { registerBridge } from './ipc';
import { createImageOriginSource } from './imageOrigin';
import { denyAllPermissions, installNavigationGuards, isServerLink } from './navigationGuards';
import { CookieJar } from './proxy/cookieJar';
import { contractAllowlist } from './proxy/endpointAllowlist';
import { createRequestProxy } from './proxy/requestProxy';
import { rendererFileResponse } from './rendererFiles';
import { createOfflineQueueStore } from './offlineQueue';
import { createSessionStore } from './sessionStore';
import { createSettingsStore } from './settingsStore';
import { createPasskeyCeremony } from './passkeyCeremony';
import { mainWindowOptions, passkeyWindowOptions } from './windowOptions';
import { offerUpdate } from './updateOffer';
import { initialBounds, trackWindowState } from './windowState';

type ElectronModule = typeof Electron;

/** Wires the tested pieces to the real Electron. Runs once, from the entry point. */
export function startDesktopApp(electron: ElectronModule, { rendererDevUrl }: { rendererDevUrl?: string } = {}): void {
  const { app, BrowserWindow, dialog, ipcMain, Menu, nativeImage, Notification, protocol, safeStorage, screen, shell, Tray } = electron;

  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  // Must happen before 'ready': the scheme's privileges are fixed at start-up.
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);

  const isAppPage = appPageMatcher(rendererDevUrl);
  let window: Electron.BrowserWindow | null = null;
  let tray: Electron.Tray | null = null;
  let online = true;

  app.on('second-instance', () => {
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });
  app.on('window-all-closed', () => app.quit());
  // Nothing but our one window may ever be created, whatever a page tries.
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });

  void app.whenReady().then(() => {
    const userData = app.getPath('userData');
    const settings = createSettingsStore(path.join(userData, 'settings.json'));
    const sessionStore = createSessionStore({ safeStorage, file: path.join(userData, 'session.bin') });
    const serverOrigin = () => settings.get().serverOrigin;
    const openExternal = (url: string) => {
      if (isServerLink(url, serverOrigin())) void shell.openExternal(url);
    };

    // The read-only offline queue: the last queue loaded, encrypted as the session is.
    const offlineQueue = createOfflineQueueStore({ safeStorage, file: path.join(userData, 'offline-queue.bin'), serverOrigin });
    const jar = new CookieJar(sessionStore.load());
    let signedIn = jar.get(COOKIE_NAMES.access) !== undefined;
    const proxy = createRequestProxy({
      serverOrigin,
      jar,
      allowlist: contractAllowlist(),
      onJarChange: (changed) => {
        sessionStore.save(changed.snapshot());
        // A sign-in: the case stream need not wait out its pause.
        const now = changed.get(COOKIE_NAMES.access) !== undefined;
        if (now && !signedIn) caseStream.kick();
        // Signed out (or the session ended): the queue it saw is not kept for whoever comes next.
        if (!now && signedIn) offlineQueue.clear();
        signedIn = now;
      },
      onReachability: (reachable) => {
        if (reachable === online) return;
        online = reachable;
        window?.webContents.send(BRIDGE_CHANNELS.connectivity, online);
      },
    });
    // The policy must name the server's image storage (S3 or a CDN) before a page shows an image.
    const imageOrigin = createImageOriginSource((request) => proxy.call(request));
    const onServerChanged = async () => {
      if (await imageOrigin.update()) window?.webContents.reload();
    };
    // Passkeys: a small window of its own on the server's origin, above the app's, for the system's dialog.
    const passkeys = createPasskeyCeremony({
      serverOrigin,
      platform: process.platform,
      openWindow: () => new BrowserWindow(passkeyWindowOptions(window)),
    });
    registerBridge(
      ipcMain,
      createBridgeHandlers({ proxy, settings, version: app.getVersion(), isOnline: () => online, openExternal, onServerChanged, passkeys, offlineQueue }),
      isAppPage,
    );

    const rendererDir = path.join(__dirname, '../renderer');
    protocol.handle(APP_SCHEME, (request) => {
      const url = new URL(request.url);
      if (url.host !== APP_HOST) return new Response('Not found', { status: 404 });
      return rendererFileResponse(rendererDir, url.pathname, contentSecurityPolicy(serverOrigin(), imageOrigin.current()));
    });
    denyAllPermissions(electron.session.defaultSession);

    const iconPath = app.isPackaged ? path.join(process.resourcesPath, 'icon.png') : path.join(app.getAppPath(), 'build', 'icon.png');
    const icon = nativeImage.createFromPath(iconPath);

    const showAbout = () => {
      const options: Electron.MessageBoxOptions = {
        type: 'info',
        title: DESKTOP_TEXTS.about.title,
        message: DESKTOP_TEXTS.productName,
        detail: DESKTOP_TEXTS.about.detail(app.getVersion(), serverOrigin()),
        buttons: [DESKTOP_TEXTS.about.ok],
        icon,
      };
      void (window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options));
    };

    const refreshMenu = () =>
      Menu.setApplicationMenu(
        Menu.buildFromTemplate(
          buildMenuTemplate(
            { isMac: process.platform === 'darwin', notifyNewReports: settings.get().notifyNewReports, development: !app.isPackaged },
            {
              about: showAbout,
              changeServer: () => {
                void proxy.logout().then(() => {
                  offlineQueue.clear();
                  settings.update({ serverOrigin: null });
                  caseStream.kick();
                  window?.webContents.reload();
                });
              },
              setNotifications: (enabled) => {
                settings.update({ notifyNewReports: enabled });
                caseStream.kick();
              },
              openScreen: (screen) => {
                window?.show();
                window?.webContents.send(BRIDGE_CHANNELS.openScreen, screen);
              },
              openWebsite: () => {
                const origin = serverOrigin();
                if (origin) openExternal(origin);
              },
            },
          ),
        ),
      );

    const showCount = (count: number) => {
      app.setBadgeCount(count);
      tray?.setToolTip(DESKTOP_TEXTS.notifications.trayTooltip(count));
      if (process.platform === 'darwin') tray?.setTitle(count > 0 ? String(count) : '');
    };
    const caseStream = createCaseStream({
      open: (request) => proxy.openStream(request),
      refresh: () => proxy.refreshSession(),
      call: (request) => proxy.call(request),
      enabled: () => settings.get().notifyNewReports && serverOrigin() !== null,
      alerts: createCaseAlerts({
        showCount,
        notify: ({ severe, overdue }) => {
          if (!Notification.isSupported()) return;
          const notification = new Notification({ title: DESKTOP_TEXTS.notifications.newReportsTitle, body: DESKTOP_TEXTS.notifications.newReportsBody(severe, overdue), icon });
          notification.on('click', () => window?.show());
          notification.show();
        },
      }),
    });
    app.on('before-quit', () => void caseStream.stop());

    const saved = settings.get();
    window = new BrowserWindow({
      ...mainWindowOptions({
        preload: path.join(__dirname, '../preload/index.js'),
        bounds: initialBounds(saved.windowBounds, screen.getAllDisplays().map((display) => display.workArea)),
      }),
      icon,
    });
    if (saved.maximized) window.maximize();
    trackWindowState(window, (bounds, maximized) => settings.update({ windowBounds: bounds, maximized }));
    installNavigationGuards(window.webContents, { isAppPage, serverOrigin, openExternal });
    window.once('ready-to-show', () => window?.show());
    window.on('closed', () => {
      window = null;
    });

    tray = new Tray(icon);
    tray.setToolTip(DESKTOP_TEXTS.notifications.trayTooltip(0));
    tray.setContextMenu(
      Menu.buildFromTemplate([
        { label: DESKTOP_TEXTS.notifications.trayOpen, click: () => window?.show() },
        { role: 'quit', label: DESKTOP_TEXTS.appMenu.quit },
      ]),
    );
    tray.on('click', () => window?.show());

    refreshMenu();
    const load = () => void window?.loadURL(rendererDevUrl ?? `${APP_ORIGIN}/index.html`);
    if (serverOrigin()) void imageOrigin.update().then(load, load);
    else load();
    caseStream.start();
    if (app.isPackaged) void offerUpdate({ dialog, window: () => window, feedUrl: settings.get().updateFeedUrl, version: app.getVersion() });
  });
}
