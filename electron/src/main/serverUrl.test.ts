import { DESKTOP_MESSAGES } from '@hiraku/shared';
import { parseServerUrl } from './serverUrl';

describe('server address rules', () => {
  it('keeps only the origin of an https address', () => {
    expect(parseServerUrl('  https://hiraku.example.jp/reports?x=1  ')).toEqual({ ok: true, origin: 'https://hiraku.example.jp' });
    expect(parseServerUrl('https://hiraku.example.jp:8443')).toEqual({ ok: true, origin: 'https://hiraku.example.jp:8443' });
  });

  it('allows plain http only for localhost and 127.0.0.1', () => {
    expect(parseServerUrl('http://localhost:3000')).toEqual({ ok: true, origin: 'http://localhost:3000' });
    expect(parseServerUrl('http://127.0.0.1:3141/')).toEqual({ ok: true, origin: 'http://127.0.0.1:3141' });
    for (const url of ['http://hiraku.example.jp', 'http://192.168.1.5:3000', 'http://localhost.evil.example', 'http://127.0.0.2']) {
      expect(parseServerUrl(url)).toEqual({ ok: false, message: DESKTOP_MESSAGES.serverUrlHttpsRequired });
    }
  });

  it('refuses empty, malformed, credentialed and non-web addresses', () => {
    expect(parseServerUrl('   ')).toEqual({ ok: false, message: DESKTOP_MESSAGES.serverUrlRequired });
    for (const url of ['hiraku.example.jp', 'https://user:pass@hiraku.example.jp', 'file:///etc/passwd', 'javascript:alert(1)', 'ftp://hiraku.example.jp']) {
      expect(parseServerUrl(url)).toEqual({ ok: false, message: DESKTOP_MESSAGES.serverUrlInvalid });
    }
  });
});
