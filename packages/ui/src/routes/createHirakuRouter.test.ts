import type { RouteObject } from 'react-router-dom';
import { createHirakuRouter, type HirakuRouter, type HirakuRouterState } from './createHirakuRouter';

/** A lazy route whose download the test finishes by hand. */
function manualLazy(path: string) {
  let finish: (element: string) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const calls = { count: 0 };
  const route: RouteObject = {
    path,
    lazy: () => {
      calls.count += 1;
      return new Promise((resolve, reject) => {
        finish = (element) => resolve({ handle: element });
        fail = reject;
      });
    },
  };
  return { route, calls, finish: (element: string) => finish(element), fail: (error: Error) => fail(error) };
}

function nextState(router: HirakuRouter, done: (state: HirakuRouterState) => boolean): Promise<HirakuRouterState> {
  if (done(router.state)) return Promise.resolve(router.state);
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!done(state)) return;
      unsubscribe();
      resolve(state);
    });
  });
}

const at = (pathname: string) => (state: HirakuRouterState) => state.initialized && state.location.pathname === pathname;

function leafHandle(router: HirakuRouter, path: string): unknown {
  return router.resolvedRoutes().find((route) => route.path === path)?.handle;
}

describe('createHirakuRouter', () => {
  it('shows the first location once its lazy screen has loaded, and keeps the loaded screen', async () => {
    const home = manualLazy('/');
    const router = createHirakuRouter('memory', { routes: [home.route, { path: '/b', handle: 'b' }] });
    expect(router.state.initialized).toBe(false);
    home.finish('home');
    await nextState(router, at('/'));
    expect(leafHandle(router, '/')).toBe('home');
    expect(router.resolvedRoutes()[0]?.lazy).toBeUndefined();
    await router.navigate('/b');
    await router.navigate(-1);
    await nextState(router, at('/'));
    expect(home.calls.count).toBe(1);
    router.dispose();
  });

  it('keeps the old location on screen (and in the address) until the new screen is here; a later move wins', async () => {
    const slow = manualLazy('/slow');
    const router = createHirakuRouter('memory', { routes: [{ path: '/', handle: 'home' }, slow.route, { path: '/fast', handle: 'fast' }] });
    await nextState(router, at('/'));
    const toSlow = router.navigate('/slow');
    expect(router.state.location.pathname).toBe('/');
    await router.navigate('/fast');
    expect(router.state.location.pathname).toBe('/fast');
    slow.finish('slow');
    await toSlow;
    expect(router.state.location.pathname).toBe('/fast');
    router.dispose();
  });

  it('shows the error page for a screen that could not be downloaded, and downloads it again on the next visit', async () => {
    const broken = manualLazy('/broken');
    const router = createHirakuRouter('memory', { routes: [{ path: '/', handle: 'home' }, broken.route] });
    await nextState(router, at('/'));
    const move = router.navigate('/broken');
    broken.fail(new Error('chunk gone'));
    await move;
    expect(router.state.location.pathname).toBe('/broken');
    expect(router.state.error).toEqual(new Error('chunk gone'));
    await router.navigate('/');
    expect(router.state.error).toBeNull();
    const again = router.navigate('/broken');
    broken.finish('fixed');
    await again;
    expect(broken.calls.count).toBe(2);
    expect(router.state.error).toBeNull();
    expect(leafHandle(router, '/broken')).toBe('fixed');
    router.dispose();
  });

  it('holds a link move while the blocker says so; proceed goes on, reset stays', async () => {
    const router = createHirakuRouter('memory', { routes: [{ path: '/' }, { path: '/form' }, { path: '/elsewhere' }] });
    await nextState(router, at('/'));
    await router.navigate('/form');
    router.setBlocker('1', ({ nextLocation }) => nextLocation.pathname !== '/form');

    await router.navigate('/elsewhere');
    expect(router.blocker('1').state).toBe('blocked');
    expect(router.blocker('1').location?.pathname).toBe('/elsewhere');
    expect(router.blocker('other').state).toBe('unblocked');
    expect(router.state.location.pathname).toBe('/form');
    router.blocker('1').reset?.();
    expect(router.blocker('1').state).toBe('unblocked');
    expect(router.state.location.pathname).toBe('/form');

    await router.navigate('/elsewhere', { replace: true });
    router.blocker('1').proceed?.();
    await nextState(router, at('/elsewhere'));
    expect(router.blocker('1').state).toBe('unblocked');
    router.dispose();
  });

  it('undoes a blocked back move at once and redoes it when the member chooses to leave', async () => {
    const router = createHirakuRouter('memory', { routes: [{ path: '/' }, { path: '/form' }] });
    await nextState(router, at('/'));
    await router.navigate('/form');
    const formKey = router.state.location.key;
    router.setBlocker('1', () => true);

    await router.navigate(-1);
    expect(router.blocker('1').state).toBe('blocked');
    expect(router.blocker('1').location?.pathname).toBe('/');
    expect(router.state.location.key).toBe(formKey);

    router.blocker('1').proceed?.();
    await nextState(router, at('/'));
    expect(router.blocker('1').state).toBe('unblocked');

    router.setBlocker('1', null);
    await router.navigate(1);
    await nextState(router, at('/form'));
    expect(router.state.location.key).toBe(formKey);
    router.dispose();
  });
  it('shows the first location once its screen and what the app held it for have both settled; later holds change nothing', async () => {
    const home = manualLazy('/');
    const router = createHirakuRouter('memory', { routes: [home.route, { path: '/b', handle: 'b' }] });
    let dataHere: () => void = () => undefined;
    router.holdFirstScreen(new Promise<void>((resolve) => {
      dataHere = resolve;
    }));
    home.finish('home');
    // The screen's code is here; the first paint still waits for its data.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(router.state.initialized).toBe(false);
    dataHere();
    await nextState(router, at('/'));

    router.holdFirstScreen(new Promise<void>(() => undefined));
    await router.navigate('/b');
    expect(router.state.location.pathname).toBe('/b');
    router.dispose();
  });

  it('shows the first location also when what it was held for failed', async () => {
    const router = createHirakuRouter('memory', { routes: [{ path: '/', handle: 'home' }] });
    router.holdFirstScreen(Promise.reject(new Error('no answer')));
    await nextState(router, at('/'));
    expect(router.state.error).toBeNull();
    router.dispose();
  });
});
