import { lazy, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { SHELL_TEXTS } from '@hiraku/shared';
import { ClientSuspense } from '../components/ClientSuspense';

export interface MoreMenuProps {
  /** 'up' from the footer bar; 'down' from a button higher on a page, such as the dashboard card. */
  placement?: 'up' | 'down';
  /** Drawn before the label inside the button, e.g. the footer's icon. */
  icon?: ReactNode;
  buttonClassName?: string;
}

const loadList = () => import('./MoreMenuList');
const MoreMenuList = lazy(loadList);

/** Fetches the list's chunk once the first page has painted, so that opening the menu never waits for it. */
function usePrefetchWhenIdle(load: () => Promise<unknown>) {
  useEffect(() => {
    const prefetch = () => void load().catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(prefetch, { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(prefetch, 200);
    return () => window.clearTimeout(timer);
  }, [load]);
}

/**
 * The 'その他' menu: a menu button following the WAI-ARIA menu pattern. The button lives here, in every
 * page's first chunk; the items and their keyboard live in MoreMenuList, a chunk of its own.
 */
export function MoreMenu({ placement = 'up', icon, buttonClassName = 'more-menu__button' }: MoreMenuProps) {
  const [open, setOpen] = useState(false);
  const [openAt, setOpenAt] = useState<'first' | 'last'>('first');
  const [openCount, setOpenCount] = useState(0);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const baseId = useId();
  const buttonId = `${baseId}-button`;
  const menuId = `${baseId}-menu`;
  usePrefetchWhenIdle(loadList);

  const openMenu = (at: 'first' | 'last') => {
    setOpenAt(at);
    setOpenCount((n) => n + 1);
    setOpen(true);
  };

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return undefined;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open, close]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  // Until the list's chunk has arrived, an empty menu holds its id, so the button's aria-controls points somewhere.
  const placeholder = <ul id={menuId} role="menu" aria-labelledby={buttonId} className="more-menu__list" hidden />;
  return (
    <div className={`more-menu more-menu--${placement}`} ref={containerRef}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={buttonClassName}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        {icon}
        <span>{SHELL_TEXTS.moreMenu.button}</span>
      </button>
      <ClientSuspense fallback={placeholder}>
        <MoreMenuList id={menuId} labelledBy={buttonId} open={open} openAt={openAt} openCount={openCount} close={close} />
      </ClientSuspense>
    </div>
  );
}
