import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

/**
 * Electron faked at its boundary, the rest real: electron-updater's NsisUpdater reads a real feed from a
 * real local HTTP server, through a `net.request` that is Node's http.request (what Electron's net
 * module is to the updater: a ClientRequest emitting `response`). The app adapter stands for `app`.
 */
jest.mock('electron', () => {
  const nodeHttp = jest.requireActual<typeof import('node:http')>('node:http');
  return {
    session: { fromPartition: () => ({}) },
    net: {
      request: (options: http.RequestOptions & { session?: unknown; redirect?: string }) => {
        const { session: _session, redirect: _redirect, ...rest } = options;
        return nodeHttp.request(rest);
      },
    },
    // What ElectronAppAdapter reads of `app`: a packaged app whose version the test sets.
    app: {
      getVersion: () => mockApp.version,
      getName: () => 'hiraku-operators',
      isPackaged: true,
      getPath: () => mockApp.userData,
      getAppPath: () => mockApp.userData,
      whenReady: () => Promise.resolve(),
      quit: () => undefined,
      relaunch: () => undefined,
      once: () => undefined,
    },
    autoUpdater: { on: () => undefined },
  };
  // Virtual: npm installs the electron package only on Node 22.12+ (electron/README.md), and nothing here needs it.
}, { virtual: true });

/** Read by the fake `app` (jest.mock factories may reach only variables named mock…, and only lazily). */
const mockApp = { version: '0.1.0', userData: os.tmpdir() };

// Imported after the fake is in place.
import { NsisUpdater } from 'electron-updater';
import { checkForUpdate } from './updateCheck';

const FEED = (version: string) =>
  [`version: ${version}`, 'files:', `  - url: hiraku-operators-${version}-setup.exe`, '    sha512: ' + 'A'.repeat(86) + '==', '    size: 1024', `path: hiraku-operators-${version}-setup.exe`, 'sha512: ' + 'A'.repeat(86) + '==', `releaseDate: '2026-11-28T00:00:00.000Z'`].join('\n');

describe('checkForUpdate against a local generic feed', () => {
  let server: http.Server;
  let feedUrl: string;
  let feedVersion = '0.2.0';
  let requested: string[] = [];
  let userData: string;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      requested.push(request.url ?? '');
      if (/^\/feed\/latest[-a-z0-9]*\.yml/.test(request.url ?? '')) {
        response.writeHead(200, { 'Content-Type': 'text/yaml' });
        response.end(FEED(feedVersion));
        return;
      }
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed/`;
    userData = fs.mkdtempSync(path.join(os.tmpdir(), 'hiraku-updater-'));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(userData, { recursive: true, force: true });
  });
  beforeEach(() => {
    requested = [];
  });

  /** A packaged app at `version`, with electron-updater's own Electron adapter and HTTP executor over the fake. */
  const updaterAt = (version: string) => {
    mockApp.version = version;
    mockApp.userData = userData;
    const updater = new NsisUpdater();
    updater.logger = null;
    return updater;
  };

  it('reports a newer version on the feed without downloading it', async () => {
    feedVersion = '0.2.0';
    const updater = updaterAt('0.1.0');
    expect(await checkForUpdate(updater, feedUrl, '0.1.0')).toEqual({ state: 'available', version: '0.2.0' });
    expect(updater.autoDownload).toBe(false);
    expect(requested.some((url) => /^\/feed\/latest[-a-z0-9]*\.yml/.test(url))).toBe(true);
    expect(requested.some((url) => url.endsWith('.exe'))).toBe(false);
  });

  it('says the app is up to date when the feed has its version, or an older one', async () => {
    feedVersion = '0.1.0';
    expect(await checkForUpdate(updaterAt('0.1.0'), feedUrl, '0.1.0')).toEqual({ state: 'upToDate', version: '0.1.0' });
    feedVersion = '0.0.9';
    expect(await checkForUpdate(updaterAt('0.1.0'), feedUrl, '0.1.0')).toEqual({ state: 'upToDate', version: '0.1.0' });
  });

  it('reports a feed that is missing as a failure rather than throwing', async () => {
    const result = await checkForUpdate(updaterAt('0.1.0'), feedUrl.replace('/feed/', '/nothing-here/'), '0.1.0');
    expect(result.state).toBe('failed');
  });

  it('checks nothing until a feed is set, and refuses a plain-http feed on another machine', async () => {
    expect(await checkForUpdate(updaterAt('0.1.0'), null, '0.1.0')).toEqual({ state: 'notConfigured' });
    expect(await checkForUpdate(updaterAt('0.1.0'), 'http://updates.example.jp/feed/', '0.1.0')).toEqual({ state: 'notConfigured' });
    expect(await checkForUpdate(updaterAt('0.1.0'), 'これはURLではありません', '0.1.0')).toEqual({ state: 'notConfigured' });
    expect(requested).toEqual([]);
  });
});
