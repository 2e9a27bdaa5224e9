import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { SHELL_TEXTS, TIMINGS, isOperatorRole } from '@hiraku/shared';
import { useNotice } from '../notice/NoticeContext';
import { PATHS } from '../routes/paths';
import { useSession } from '../session/SessionContext';
import { useShellActions } from '../shell/ShellActionsContext';
import { isStepUpCancelled, useStepUp } from '../stepUp/useStepUp';
import { moreMenuItemsFor } from './moreMenuItems';
import { findTypeAheadIndex, TypeAheadBuffer } from './typeAhead';
import { useAccountDownload } from './useAccountDownload';
import { useOperatorMenuItems } from './useOperatorMenuItems';

export interface MoreMenuListProps {
  id: string;
  labelledBy: string;
  open: boolean;
  /** Where focus goes each time the menu opens: Arrow Up on the button opens at the last item. */
  openAt: 'first' | 'last';
  /** Bumped by the button each time it opens the menu, so the same `openAt` focuses again. */
  openCount: number;
  close: (returnFocus: boolean) => void;
}

/**
 * The items of the 'その他' menu and their keyboard (WAI-ARIA menu pattern, type-ahead included). A chunk
 * of its own, fetched when the page is idle or the menu is first opened: every page shows the button, so
 * whatever the list needs would otherwise count against the first page's 120 KiB budget.
 */
export default function MoreMenuList({ id, labelledBy, open, openAt, openCount, close }: MoreMenuListProps) {
  const navigate = useNavigate();
  const { logout } = useShellActions();
  const { status, user } = useSession();
  const isOperator = status === 'authenticated' && isOperatorRole(user?.role);
  const { showNotice } = useNotice();
  const download = useAccountDownload();
  // The export asks for a recent proof of identity like every other irreversible disclosure.
  const { withStepUp, dialog } = useStepUp();
  const operatorItems = useOperatorMenuItems(open && isOperator);
  const items = [...(isOperator ? operatorItems : []), ...moreMenuItemsFor(status === 'authenticated')];
  const itemCount = items.length;
  const [focusIndex, setFocusIndex] = useState(0);
  const [typeAhead] = useState(() => new TypeAheadBuffer(TIMINGS.menuTypeAheadMs));
  const itemRefs = useRef<(HTMLElement | null)[]>([]);

  useEffect(() => {
    typeAhead.reset();
    setFocusIndex(openAt === 'first' ? 0 : Number.MAX_SAFE_INTEGER);
  }, [openAt, openCount, typeAhead]);

  useEffect(() => {
    if (open) itemRefs.current[Math.min(focusIndex, itemCount - 1)]?.focus();
  }, [open, focusIndex, itemCount]);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.nativeEvent.isComposing) return;
    const current = Math.min(focusIndex, itemCount - 1);
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setFocusIndex((current + 1) % itemCount);
        return;
      case 'ArrowUp':
        event.preventDefault();
        setFocusIndex((current - 1 + itemCount) % itemCount);
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
        itemRefs.current[current]?.click();
        return;
      default:
        if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
          const match = findTypeAheadIndex(items, typeAhead.push(event.key), current);
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
      await withStepUp(download);
    } catch (error) {
      if (isStepUpCancelled(error)) return;
      console.error('download failed', error);
      showNotice(SHELL_TEXTS.moreMenu.exportFailed, 'error');
    }
  };

  const setItemRef = (index: number) => (element: HTMLElement | null) => {
    itemRefs.current[index] = element;
  };

  const focused = Math.min(focusIndex, itemCount - 1);
  return (
    <>
    <ul id={id} role="menu" aria-labelledby={labelledBy} className="more-menu__list" hidden={!open} onKeyDown={onKeyDown}>
      {items.map((item, index) => {
        const tabIndex = index === focused ? 0 : -1;
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
    {dialog}
    </>
  );
}
