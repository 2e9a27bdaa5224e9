/** How the sessions list names a browser and a system read from the user agent (auth/userAgent.ts). */
export const BROWSER_LABELS = {
  desktopApp: 'ひらく運営アプリ',
  edge: 'Microsoft Edge',
  chrome: 'Google Chrome',
  firefox: 'Firefox',
  safari: 'Safari',
  opera: 'Opera',
  samsung: 'Samsung Internet',
  unknown: '不明なブラウザ',
} as const;

export const SYSTEM_LABELS = {
  windows: 'Windows',
  macos: 'macOS',
  ios: 'iOS',
  android: 'Android',
  chromeos: 'ChromeOS',
  linux: 'Linux',
  unknown: '不明なOS',
} as const;

export type BrowserKind = keyof typeof BROWSER_LABELS;
export type SystemKind = keyof typeof SYSTEM_LABELS;
