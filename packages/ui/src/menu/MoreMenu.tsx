import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { SHELL_TEXTS, TIMINGS } from '@hiraku/shared';
import { useNotice } from '../notice/NoticeContext';
import { PATHS } from '../routes/paths';
import { useSession } from '../session/SessionContext';
import { useShellActions } from '../shell/ShellActionsContext';
import { moreMenuItemsFor } from './moreMenuItems';
import { findTypeAheadIndex, TypeAheadBuffer } from './typeAhead';
import { useAccountDownload } from './useAccountDownload';
import { useOperatorMenuItems } from './useOperatorMenuItems';

export interface MoreMenuProps {
  /** 'up' from the footer bar; 'down' from a button higher on a page, such as the dashboard card. */
  placement?: 'up' | 'down';
  /** Drawn before the label inside the button, e.g. the footer's icon. */
  icon?: ReactNode;
  buttonClassName?: string;
}

/** The 'その他' menu: a menu button following the WAI-ARIA menu pattern, keyboard and type-ahead included. */
export function MoreMenu({ placement = 'up', icon, buttonClassName = 'more-menu__button' }: MoreMenuProps) {
  const navigate = useNavigate();
  const { logout } = useShellActions();
  const { status, user } = useSession();
  const isOperator = status === 'authenticated' && user?.role === 'operator';
  const { showNotice } = useNotice();
  const download = useAccountDownload();
  const [open, setOpen] = useState(false);
  const operatorItems = useOperatorMenuItems(open && isOperator);
  const items = [...(isOperator ? operatorItems : []), ...moreMenuItemsFor(status === 'authenticated')];
  const itemCount = items.length;
  const [focusIndex, setFocusIndex] = useState(0);
  const [typeAhead] = useState(() => new TypeAheadBuffer(TIMINGS.menuTypeAheadMs));
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const baseId = useId();
  const buttonId = `${baseId}-button`;
  const menuId = `${baseId}-menu`;

  const openAt = useCallback(
    (index: number) => {
      typeAhead.reset();
      setFocusIndex(index);
      setOpen(true);
    },
    [typeAhead],
  );

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (open) itemRefs.current[Math.min(focusIndex, itemCount - 1)]?.focus();
  }, [open, focusIndex, itemCount]);

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
      openAt(event.key === 'ArrowDown' ? 0 : itemCount - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setFocusIndex((i) => (i + 1) % itemCount);
        return;
      case 'ArrowUp':
        event.preventDefault();
        setFocusIndex((i) => (i - 1 + itemCount) % itemCount);
        return;
      case 'Home':
        event.preventDefault();
        setFocusIndex(0);
        return;
      case 'End':
        event.preventDefault();
        setFocusIndex(itemCount - 1);
        return;
      case 'Escape':
        event.preventDefault();
        close(true);
        return;
      case 'Tab':
        close(false);
        return;
      case ' ':
        // Links do not react to Space on their own; menu items are expected to.
        event.preventDefault();
        itemRefs.current[focusIndex]?.click();
        return;
      default:
        if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
          const match = findTypeAheadIndex(items, typeAhead.push(event.key), focusIndex);
          if (match >= 0) setFocusIndex(match);
        }
    }
  };

  const onLogout = async () => {
    close(false);
    // Leave first: on a members' page, clearing the session would make its guard send the member to /login.
    await navigate(PATHS.home);
    try {
      await logout();
    } catch (error) {
      // The session keeps trying and tells the member they are still signed in; nothing more to say here.
      console.error('logout failed', error);
    }
  };

  const onDownload = async () => {
    close(false);
    try {
      await download();
    } catch (error) {
      console.error('download failed', error);
      showNotice(SHELL_TEXTS.moreMenu.exportFailed, 'error');
    }
  };

  const setItemRef = (index: number) => (element: HTMLElement | null) => {
    itemRefs.current[index] = element;
  };

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
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
      >
        {icon}
        <span>{SHELL_TEXTS.moreMenu.button}</span>
      </button>
      <ul id={menuId} role="menu" aria-labelledby={buttonId} className="more-menu__list" hidden={!open} onKeyDown={onMenuKeyDown}>
        {items.map((item, index) => {
          const tabIndex = index === focusIndex ? 0 : -1;
          return (
            <li key={item.label} role="none">
              {item.kind === 'link' && (
                <Link ref={setItemRef(index)} role="menuitem" tabIndex={tabIndex} className="more-menu__item" to={item.to} onClick={() => close(false)}>
                  {item.label}
                  {item.badge && <span className="badge more-menu__badge">{item.badge}</span>}
                </Link>
              )}
              {item.kind === 'download' && (
                <button ref={setItemRef(index)} role="menuitem" tabIndex={tabIndex} type="button" className="more-menu__item" onClick={() => void onDownload()}>
                  {item.label}
                </button>
              )}
              {item.kind === 'unavailable' && (
                <span ref={setItemRef(index)} role="menuitem" tabIndex={tabIndex} aria-disabled="true" className="more-menu__item more-menu__item--disabled">
                  {item.label}
                </span>
              )}
              {item.kind === 'logout' && (
                <button ref={setItemRef(index)} role="menuitem" tabIndex={tabIndex} type="button" className="more-menu__item more-menu__item--logout" onClick={onLogout}>
                  {item.label}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
