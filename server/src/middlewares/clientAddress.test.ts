import { parseEnv } from '../env';
import { resolveClientAddress, resolveClientPort, trustedProxyList } from './clientAddress';

describe('resolveClientAddress', () => {
  const none = trustedProxyList([]);
  const oneProxy = trustedProxyList(['127.0.0.1']);
  const proxies = trustedProxyList(['10.0.0.0/8', '192.0.2.7', 'fd00::/8']);

  it('ignores X-Forwarded-For when no proxy is trusted: the peer is the client', () => {
    expect(resolveClientAddress('203.0.113.9', '198.51.100.1', none)).toBe('203.0.113.9');
    expect(resolveClientAddress('::ffff:203.0.113.9', undefined, none)).toBe('203.0.113.9');
  });

  it('ignores X-Forwarded-For sent by a peer that is not one of our proxies', () => {
    expect(resolveClientAddress('203.0.113.9', '198.51.100.1', oneProxy)).toBe('203.0.113.9');
  });

  it('takes the address our proxy saw, never what the client wrote further left', () => {
    expect(resolveClientAddress('127.0.0.1', '198.51.100.1', oneProxy)).toBe('198.51.100.1');
    // The client sent "X-Forwarded-For: 1.1.1.1"; the proxy appended the real peer.
    expect(resolveClientAddress('::ffff:127.0.0.1', '1.1.1.1, 2.2.2.2, 198.51.100.1', oneProxy)).toBe('198.51.100.1');
  });

  it('walks back through a chain of trusted proxies to the first hop that is not ours', () => {
    // client -> edge 192.0.2.7 -> internal 10.1.2.3 -> app
    expect(resolveClientAddress('10.1.2.3', '6.6.6.6, 198.51.100.1, 192.0.2.7', proxies)).toBe('198.51.100.1');
    expect(resolveClientAddress('fd00::2', '2001:db8::5, 10.0.0.9', proxies)).toBe('2001:db8::5');
  });

  it('understands ports and brackets, and keeps the proxy address when its header holds garbage', () => {
    expect(resolveClientAddress('127.0.0.1', '198.51.100.1:51234', oneProxy)).toBe('198.51.100.1');
    expect(resolveClientAddress('127.0.0.1', '[2001:db8::5]:443', oneProxy)).toBe('2001:db8::5');
    expect(resolveClientAddress('127.0.0.1', 'unknown', oneProxy)).toBe('127.0.0.1');
    expect(resolveClientAddress('127.0.0.1', '', oneProxy)).toBe('127.0.0.1');
    // Every hop is ours (a health check from inside): the innermost written address.
    expect(resolveClientAddress('10.0.0.1', '10.0.0.2', proxies)).toBe('10.0.0.2');
  });
});

describe('TRUSTED_PROXIES', () => {
  it('is a comma-separated list of addresses and CIDR ranges, empty by default', () => {
    expect(parseEnv({}).TRUSTED_PROXIES).toEqual([]);
    expect(parseEnv({ TRUSTED_PROXIES: ' 127.0.0.1, 10.0.0.0/8 ,fd00::/8' }).TRUSTED_PROXIES).toEqual(['127.0.0.1', '10.0.0.0/8', 'fd00::/8']);
  });

  it('refuses anything else with a Japanese message', () => {
    for (const bad of ['localhost', '10.0.0.0/33', '10.0.0.1/8/2', 'fd00::/129', '*']) {
      expect(() => parseEnv({ TRUSTED_PROXIES: bad })).toThrow('TRUSTED_PROXIES は IP アドレスか CIDR');
    }
  });
});

describe('resolveClientPort', () => {
  const none = trustedProxyList([]);
  const oneProxy = trustedProxyList(['127.0.0.1']);

  it('takes the connection\'s remote port from a client that is not one of our proxies, whatever it sends', () => {
    expect(resolveClientPort('203.0.113.9', 51234, '443', none)).toBe(51234);
    expect(resolveClientPort('203.0.113.9', 51234, '9999', oneProxy)).toBe(51234);
  });

  it('believes X-Forwarded-Port only from a trusted proxy, and a missing or broken one is unknown', () => {
    expect(resolveClientPort('::ffff:127.0.0.1', 40000, '61000', oneProxy)).toBe(61000);
    expect(resolveClientPort('127.0.0.1', 40000, undefined, oneProxy)).toBeNull();
    expect(resolveClientPort('127.0.0.1', 40000, '70000', oneProxy)).toBeNull();
    expect(resolveClientPort('127.0.0.1', 40000, '12a', oneProxy)).toBeNull();
  });
});
