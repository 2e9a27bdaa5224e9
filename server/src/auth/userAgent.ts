import { BROWSER_LABELS, SYSTEM_LABELS, type BrowserKind, type SystemKind } from '@hiraku/shared';

/**
 * Browser and system from a User-Agent header, for the sessions list and the new-browser mail. A rough
 * reading on purpose (no version, no device model): enough for a member to recognise "Chrome on Windows",
 * too coarse to fingerprint anyone. Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
 */
export const DESKTOP_APP_AGENT = 'HirakuDesktop';

export interface DeviceReading {
  browser: BrowserKind;
  system: SystemKind;
}

export function readUserAgent(userAgent: string): DeviceReading {
  const ua = userAgent;
  const browser: BrowserKind = ua.includes(DESKTOP_APP_AGENT)
    ? 'desktopApp'
    : /Edg(e|A|iOS)?\//.test(ua)
      ? 'edge'
      : /OPR\/|Opera/.test(ua)
        ? 'opera'
        : /SamsungBrowser\//.test(ua)
          ? 'samsung'
          : /Firefox\/|FxiOS\//.test(ua)
            ? 'firefox'
            : /Chrome\/|CriOS\/|Chromium\//.test(ua)
              ? 'chrome'
              : /Safari\//.test(ua) && /Version\//.test(ua)
                ? 'safari'
                : 'unknown';
  const system: SystemKind = /iPhone|iPad|iPod/.test(ua)
    ? 'ios'
    : /Android/.test(ua)
      ? 'android'
      : /CrOS/.test(ua)
        ? 'chromeos'
        : /Windows/.test(ua)
          ? 'windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'macos'
            : /Linux/.test(ua)
              ? 'linux'
              : 'unknown';
  return { browser, system };
}

/** The stored key of "this browser": `chrome/windows`. */
export const deviceLabel = (reading: DeviceReading): string => `${reading.browser}/${reading.system}`;

/** 「Google Chrome（Windows）」; the desktop app by its name alone. */
export function deviceName(reading: DeviceReading): string {
  if (reading.browser === 'desktopApp') return BROWSER_LABELS.desktopApp;
  return `${BROWSER_LABELS[reading.browser]}（${SYSTEM_LABELS[reading.system]}）`;
}
