import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { SHELL_TEXTS } from '@hiraku/shared';
import { useNotice } from './NoticeContext';

/** The flash message area at the top of every page; it also tells the notice store about route changes. */
export function NoticeBanner() {
  const { notice, dismissNotice, routeChanged } = useNotice();
  const { key } = useLocation();
  const lastKey = useRef(key);

  useEffect(() => {
    if (lastKey.current === key) return;
    lastKey.current = key;
    routeChanged();
  }, [key, routeChanged]);

  // The live regions exist before any message does, so screen readers announce what appears in them.
  return (
    <div className="notice-area">
      <div role="status">
        {notice && notice.kind !== 'error' && (
          <div className={`flash flash--${notice.kind}`}>
            <p className="flash__text">{notice.text}</p>
            <button type="button" className="flash__close" onClick={dismissNotice} aria-label={SHELL_TEXTS.noticeClose}>
              ×
            </button>
          </div>
        )}
      </div>
      <div role="alert">
        {notice?.kind === 'error' && (
          <div className="flash flash--error">
            <p className="flash__text">{notice.text}</p>
            <button type="button" className="flash__close" onClick={dismissNotice} aria-label={SHELL_TEXTS.noticeClose}>
              ×
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
