import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { SHELL_TEXTS, TIMINGS } from '@hiraku/shared';
import { usePlatform } from '../platform/PlatformContext';
import { PATHS } from '../routes/paths';
import { useShellActions } from '../shell/ShellActionsContext';
import { MORE_MENU_ITEMS } from './moreMenuItems';
import { findTypeAheadIndex, TypeAheadBuffer } from './typeAhead';

export interface MoreMenuProps {
  /** 'up' from the footer bar; 'down' from a button higher on a page, such as the dashboard card. */
  placement?: 'up' | 'down';
  /** Drawn before the label inside the button, e.g. the footer's icon. */
  icon?: ReactNode;
  buttonClassName?: string;
}

const ITEM_COUNT = MORE_MENU_ITEMS.length;

/** The 'その他' menu: a menu button following the WAI-ARIA menu pattern, keyboard and type-ahead included. */
export function MoreMenu({ placement = 'up', icon, buttonClassName = 'more-menu__button' }: MoreMenuProps) {
  const navigate = useNavigate();
  const { logout } = useShellActions();
  const { apiBaseUrl } = usePlatform();
  const [open, setOpen] = useState(false);
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
    if (open) itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

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
      openAt(event.key === 'ArrowDown' ? 0 : ITEM_COUNT - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setFocusIndex((i) => (i + 1) % ITEM_COUNT);
        return;
      case 'ArrowUp':
        event.preventDefault();
        setFocusIndex((i) => (i - 1 + ITEM_COUNT) % ITEM_COUNT);
        return;
      case 'Home':
        event.preventDefault();
        setFocusIndex(0);
        return;
      case 'End':
        event.preventDefault();
        setFocusIndex(ITEM_COUNT - 1);
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
          const match = findTypeAheadIndex(MORE_MENU_ITEMS, typeAhead.push(event.key), focusIndex);
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
      // SPEC.md section 8: a failed logout from this menu is only logged; the session is cleared all the same.
      console.error('logout failed', error);
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
        {MORE_MENU_ITEMS.map((item, index) => {
          const tabIndex = index === focusIndex ? 0 : -1;
          return (
            <li key={item.label} role="none">
              {item.kind === 'link' && (
                <Link ref={setItemRef(index)} role="menuitem" tabIndex={tabIndex} className="more-menu__item" to={item.to} onClick={() => close(false)}>
                  {item.label}
                </Link>
              )}
              {item.kind === 'download' && (
                <a ref={setItemRef(index)} role="menuitem" tabIndex={tabIndex} className="more-menu__item" href={`${apiBaseUrl}${item.apiPath}`} download onClick={() => close(false)}>
                  {item.label}
                </a>
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
