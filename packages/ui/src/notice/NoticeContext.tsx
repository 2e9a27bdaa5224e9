import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

export type NoticeKind = 'success' | 'info' | 'error';

export interface Notice {
  id: number;
  kind: NoticeKind;
  text: string;
}

interface NoticeValue {
  notice: Notice | null;
  /** A message that must survive the navigation that usually follows it ("ログインに成功しました。"). */
  showNotice(text: string, kind?: NoticeKind): void;
  dismissNotice(): void;
  /** Called by the layout on every route change. */
  routeChanged(): void;
}

const NoticeContext = createContext<NoticeValue | null>(null);

/**
 * One message at a time, shown above the page. It stays for the page the member is sent to and goes
 * away at the navigation after that, so it is neither lost in a redirect nor left behind for good.
 */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<{ notice: Notice; setAtRoute: number } | null>(null);
  const routeCount = useRef(0);
  const nextId = useRef(1);

  const showNotice = useCallback((text: string, kind: NoticeKind = 'info') => {
    const id = nextId.current;
    nextId.current += 1;
    setCurrent({ notice: { id, kind, text }, setAtRoute: routeCount.current });
  }, []);

  const dismissNotice = useCallback(() => setCurrent(null), []);

  const routeChanged = useCallback(() => {
    routeCount.current += 1;
    const now = routeCount.current;
    setCurrent((shown) => (shown && now - shown.setAtRoute >= 2 ? null : shown));
  }, []);

  const value = useMemo(() => ({ notice: current?.notice ?? null, showNotice, dismissNotice, routeChanged }), [current, showNotice, dismissNotice, routeChanged]);
  return <NoticeContext.Provider value={value}>{children}</NoticeContext.Provider>;
}

export function useNotice(): NoticeValue {
  const value = useContext(NoticeContext);
  if (!value) throw new Error('useNotice() needs a <NoticeProvider> (HirakuApp provides one).');
  return value;
}
