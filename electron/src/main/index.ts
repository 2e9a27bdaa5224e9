import * as electron from 'electron';
import { startDesktopApp } from './desktopApp';

// electron-vite dev serves the renderer with hot reload; a built app always uses its own scheme.
startDesktopApp(electron, { rendererDevUrl: !electron.app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined });
