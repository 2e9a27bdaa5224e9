import { afterLoginPath, internalPath, returnPathFrom } from './returnTo';
import { needsSessionCheck } from './sessionCheckPaths';

describe('needsSessionCheck', () => {
  it('skips the sign-in screens of docs/product.md §2 and checks everywhere else', () => {
    for (const path of ['/login', '/signup', '/forgot-password', '/reset-password', '/verify-email', '/login/']) expect(needsSessionCheck(path)).toBe(false);
    for (const path of ['/', '/reports', '/reports/1', '/faq', '/tutorial', '/delete-account', '/login-help']) expect(needsSessionCheck(path)).toBe(true);
  });
});

describe('where a member goes after logging in', () => {
  it('goes to the tutorial while it is due, else back where they were going, else to the reports', () => {
    expect(afterLoginPath({ tutorial: true }, '/dashboard')).toBe('/tutorial');
    expect(afterLoginPath({ tutorial: false }, '/dashboard')).toBe('/dashboard');
    expect(afterLoginPath({ tutorial: false }, null)).toBe('/reports');
  });

  it('only returns to addresses inside the app', () => {
    expect(returnPathFrom({ from: { pathname: '/reports/7', search: '?x=1' } })).toBe('/reports/7?x=1');
    expect(returnPathFrom({ from: { pathname: '//evil.example/x' } })).toBeNull();
    expect(returnPathFrom({ from: { pathname: '/\\evil.example' } })).toBeNull();
    expect(returnPathFrom({ from: { pathname: '/login' } })).toBeNull();
    expect(returnPathFrom(null)).toBeNull();
    expect(returnPathFrom('garbage')).toBeNull();
  });

  it('accepts a server redirect on this origin and refuses one elsewhere', () => {
    expect(internalPath('/verify-email?resend=1')).toBe('/verify-email?resend=1');
    expect(internalPath('http://127.0.0.1:3100/verify-email?resend=1', 'http://127.0.0.1:3100')).toBe('/verify-email?resend=1');
    expect(internalPath('https://evil.example/verify-email', 'http://127.0.0.1:3100')).toBeNull();
    expect(internalPath('javascript:alert(1)')).toBeNull();
    expect(internalPath(undefined)).toBeNull();
  });
});
