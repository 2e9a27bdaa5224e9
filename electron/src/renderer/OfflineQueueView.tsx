import { useEffect, useState } from 'react';
import { DESKTOP_TEXTS, FLAG_CATEGORY_TEXTS, formatDateTimeJa, MODERATION_TEXTS } from '@hiraku/shared';
import type { HirakuDesktopBridge, OfflineQueue } from '../shared/bridge';

const t = DESKTOP_TEXTS.offline;
const cases = MODERATION_TEXTS.cases;
const queue = MODERATION_TEXTS.queue;

/**
 * Shown instead of the operators' screens while the main process cannot reach the server: the
 * last queue it loaded, read-only. Nothing here can act on a case (no decision, claim or 要相談; the list
 * is not even focusable case by case), since nothing could reach the server. 再接続 asks the server once;
 * any answer turns the app back online, which shows the screens again, freshly loaded (main.tsx).
 */
export function OfflineQueueView({ bridge }: { bridge: HirakuDesktopBridge }) {
  // undefined: still asking the main process; null: nothing saved for this server.
  const [saved, setSaved] = useState<OfflineQueue | null | undefined>(undefined);
  const [retrying, setRetrying] = useState(false);
  useEffect(() => {
    let current = true;
    void bridge.offlineQueue().then((answer) => {
      if (current) setSaved(answer);
    });
    return () => {
      current = false;
    };
  }, [bridge]);

  const retry = async () => {
    setRetrying(true);
    // Any answer at all tells the main process the server is back (its reachability), which tells us.
    await bridge.request({ method: 'GET', path: '/api/site-config' }).finally(() => setRetrying(false));
  };

  return (
    <div className="operator-shell">
      <main id="main" className="operator-main offline-queue" aria-busy={saved === undefined}>
        <div role="alert" className="desktop-offline">
          <p>{saved ? t.readOnly(formatDateTimeJa(saved.savedAt)) : saved === null ? t.readOnlyEmpty : t.banner}</p>
          <p>{t.banner}</p>
          <button type="button" className="button button--small" onClick={() => void retry()} disabled={retrying}>
            {t.retry}
          </button>
        </div>
        <h1 className="page__title">
          {MODERATION_TEXTS.titles.queue}
          {saved && <span className="badge moderation__count">{cases.counts(saved.open, saved.overdue)}</span>}
        </h1>
        {saved && saved.cases.length === 0 && <p>{cases.empty}</p>}
        {saved && saved.cases.length > 0 && (
          <ol className="moderation__list" aria-label={cases.listLabel}>
            {saved.cases.map((item) => (
              <li key={item.id} className="moderation__item">
                <h2 className="moderation__item-title">
                  <span className="badge">{cases.types[item.type]}</span> <span className="badge">{FLAG_CATEGORY_TEXTS[item.category].label}</span>{' '}
                  {item.title ?? cases.openTarget}
                </h2>
                <p className="moderation__badges">
                  <span className="badge">{queue.reporterCount(item.flaggerCount)}</span>
                  {item.overdue && <span className="badge badge--warning">{cases.overdue}</span>}
                  {item.escalated && <span className="badge badge--warning">{cases.escalatedBadge}</span>}
                  <span className="badge">{item.claimedBy ? cases.claimedBy(item.claimedBy) : cases.unclaimed}</span>
                </p>
                <p className="moderation__meta">
                  {cases.openedAt}: {formatDateTimeJa(item.openedAt)}・{cases.dueAt}: {formatDateTimeJa(item.dueAt)}
                </p>
              </li>
            ))}
          </ol>
        )}
      </main>
    </div>
  );
}
