import { isHandheld, xProfileUrls } from './xProfileLink';

describe('the X link', () => {
  it('points the app at the user and the web at x.com, with the id escaped', () => {
    expect(xProfileUrls('hiraku_test')).toEqual({ web: 'https://x.com/hiraku_test', app: 'twitter://user?screen_name=hiraku_test' });
    expect(xProfileUrls('a/b?c').web).toBe('https://x.com/a%2Fb%3Fc');
  });

  it('takes phones and iPads for handhelds, and desktops not', () => {
    expect(isHandheld('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe(true);
    expect(isHandheld('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/120.0 Mobile Safari/537.36')).toBe(true);
    expect(isHandheld('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 5)).toBe(true);
    expect(isHandheld('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 0)).toBe(false);
    expect(isHandheld('Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36')).toBe(false);
  });
});
