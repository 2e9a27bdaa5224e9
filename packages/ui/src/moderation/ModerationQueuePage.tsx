import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  formatDateTimeJa,
  MODERATION_TEXTS,
  type CommentReportQueueItem,
  type CommentReportStatus,
  type CommentResolutionAction,
} from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { createModerationApi } from '../api/moderationApi';
import { endpointQueryKey } from '../query/endpointQuery';
import { FormAlert, FormStatus } from '../components/forms';
import { PageTitle } from '../components/PageTitle';
import { reportPath } from '../routes/paths';
import { OperatorGate } from './OperatorGate';
import { ReasonDialog } from './ReasonDialog';
import { useCursorList } from '../query/useCursorList';

const t = MODERATION_TEXTS.queue;
const c = MODERATION_TEXTS.common;

/** One key per move and action, shown on the screen; letters, so no modifier is needed. */
const KEYS = { next: 'j', previous: 'k', dismiss: 'd', delete: 'x', suspend: 's' } as const;
const ACTIONS: readonly CommentResolutionAction[] = ['dismiss', 'delete', 'suspend'];

/** /moderation/queue: reported comments, each decided with a reason; works from the keyboard alone. */
export function ModerationQueuePage() {
  return (
    <OperatorGate page={MODERATION_TEXTS.titles.queue}>
      <ModerationQueue />
    </OperatorGate>
  );
}

function ModerationQueue() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const api = useMemo(() => createModerationApi(client), [client]);
  const [status, setStatus] = useState<CommentReportStatus>('pending');
  const [active, setActive] = useState(0);
  const [deciding, setDeciding] = useState<{ item: CommentReportQueueItem; action: CommentResolutionAction } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);

  const fetchPage = useCallback((cursor: string | null, signal: AbortSignal) => api.queue(status, cursor, signal), [api, status]);
  const queryKey = useMemo(() => endpointQueryKey('moderation.commentReports', { query: { status } }), [status]);
  const list = useCursorList(queryKey, fetchPage, c.loadFailed);
  const { items } = list;
  const pendingCount = list.lastPage?.pendingCount ?? null;
  // After a decision the item under it gets the focus, once the list without the decided one is on screen
  // (after the dialog has closed and given the focus back).
  const focusAfterRender = useRef<number | null>(null);
  useEffect(() => {
    if (focusAfterRender.current === null) return;
    itemRefs.current[focusAfterRender.current]?.focus();
    focusAfterRender.current = null;
  }, [items]);

  useEffect(() => setActive(0), [status]);

  const focusItem = (index: number) => {
    const bounded = Math.max(0, Math.min(index, items.length - 1));
    setActive(bounded);
    itemRefs.current[bounded]?.focus();
  };

  // Keys act on the highlighted item wherever the focus is on the page, except while typing or in a dialog.
  const keyState = useRef({ items, active, deciding, status, focusItem });
  keyState.current = { items, active, deciding, status, focusItem };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const state = keyState.current;
      if (state.deciding || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="menu"], dialog')) return;
      const key = event.key.toLowerCase();
      if (key === KEYS.next || key === KEYS.previous) {
        event.preventDefault();
        // The first press from elsewhere on the page lands on the highlighted item itself.
        const inList = itemRefs.current.some((element) => element?.contains(document.activeElement));
        state.focusItem(inList ? state.active + (key === KEYS.next ? 1 : -1) : state.active);
        return;
      }
      const action = ACTIONS.find((name) => KEYS[name] === key);
      const item = state.items[state.active];
      if (action && item && state.status === 'pending') {
        event.preventDefault();
        setDeciding({ item, action });
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const resolve = async (reason: string): Promise<string | null> => {
    if (!deciding) return null;
    const { item, action } = deciding;
    try {
      const answer = await api.resolve(item.comment.id, action, reason);
      const index = items.indexOf(item);
      // The other tabs and the audit log are read again when next shown; this list loses the item at once.
      void queryClient.invalidateQueries({ queryKey: endpointQueryKey('moderation.commentReports'), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: endpointQueryKey('moderation.auditLog'), refetchType: 'none' });
      list.update((page) => ({
        ...page,
        items: page.items.filter((other) => other !== item),
        pendingCount: answer.changed ? Math.max(0, page.pendingCount - 1) : page.pendingCount,
      }));
      setNotice(answer.message);
      setDeciding(null);
      // The next item takes the decided one's place, and the focus with it.
      const next = Math.max(0, Math.min(index, items.length - 2));
      setActive(next);
      focusAfterRender.current = next;
      return null;
    } catch (error) {
      return errorMessage(error, c.actionFailed);
    }
  };

  return (
    <div className="page moderation">
      <PageTitle page={MODERATION_TEXTS.titles.queue} />
      <h1 className="page__title">
        {MODERATION_TEXTS.titles.queue}
        {pendingCount !== null && <span className="badge moderation__count">{t.pendingCount(pendingCount)}</span>}
      </h1>

      <fieldset className="moderation__filter">
        <legend>{t.filterLabel}</legend>
        {(['pending', 'resolved'] as const).map((value) => (
          <label key={value} className="moderation__radio">
            <input type="radio" name="queue-status" value={value} checked={status === value} onChange={() => setStatus(value)} />
            {t[value]}
          </label>
        ))}
      </fieldset>

      {status === 'pending' && (
        <section className="moderation__keys" aria-labelledby="queue-keys-heading">
          <h2 id="queue-keys-heading" className="moderation__subheading">
            {t.keysHeading}
          </h2>
          <dl className="moderation__key-list">
            {(Object.keys(KEYS) as (keyof typeof KEYS)[]).map((name) => (
              <div key={name}>
                <dt>
                  <kbd>{KEYS[name].toUpperCase()}</kbd>
                </dt>
                <dd>{t.keys[name]}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}

      <FormStatus message={notice} />
      <FormAlert message={list.error} />

      {items.length === 0 && !list.loading && !list.error && <p>{t.empty}</p>}
      <ol className="moderation__list" aria-label={t.listLabel}>
        {items.map((item, index) => (
          <li key={item.comment.id}>
            <QueueItem
              item={item}
              active={index === active}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              onFocus={() => setActive(index)}
              onAction={status === 'pending' ? (action) => setDeciding({ item, action }) : null}
            />
          </li>
        ))}
      </ol>
      <ListFooter list={list} />

      {deciding && (
        <ReasonDialog
          title={t.actions[deciding.action]}
          question={t.actionQuestions[deciding.action]}
          confirmLabel={t.actions[deciding.action]}
          onConfirm={resolve}
          onCancel={() => setDeciding(null)}
        />
      )}
    </div>
  );
}

interface QueueItemProps {
  item: CommentReportQueueItem;
  active: boolean;
  ref: (element: HTMLElement | null) => void;
  onFocus: () => void;
  onAction: ((action: CommentResolutionAction) => void) | null;
}

function QueueItem({ item, active, ref, onFocus, onAction }: QueueItemProps) {
  const headingId = `queue-item-${item.comment.id}`;
  const { comment, author } = item;
  return (
    <article
      ref={ref}
      tabIndex={active ? 0 : -1}
      aria-labelledby={headingId}
      className={`moderation__item${active ? ' moderation__item--active' : ''}`}
      onFocus={(event) => {
        if (event.target === event.currentTarget) onFocus();
      }}
    >
      <h2 id={headingId} className="moderation__item-title">
        {t.onReport}「<Link to={reportPath(item.report.id)}>{item.report.title}</Link>」
      </h2>
      <blockquote className="moderation__comment">{comment.text}</blockquote>
      <p className="moderation__meta">
        {t.author}: {author.username ?? c.unnamed}（{author.publicId}）{author.suspended && <span className="badge">{t.suspended}</span>}
        <br />
        {t.postedAt}: {formatDateTimeJa(comment.createdAt)}
      </p>
      <p className="moderation__badges">
        <span className="badge">{comment.isDeleted ? t.deleted : comment.isHidden ? t.hidden : t.shown}</span>
        <span className="badge">{t.reporterCount(item.reporterCount)}</span>
      </p>
      <h3 className="moderation__subheading">{t.reportsHeading}</h3>
      <ul className="moderation__reports">
        {item.reports.map((entry, index) => (
          <li key={`${entry.reporterPublicId}-${index}`}>
            {t.reporter}: {entry.reporterPublicId}・{t.reportedAt}: {formatDateTimeJa(entry.reportedAt)}
            {entry.resolution && <span className="badge">{t.resolution[entry.resolution]}</span>}
            <br />
            {entry.reason ?? t.noReason}
          </li>
        ))}
      </ul>
      {onAction && (
        <div className="moderation__actions">
          {ACTIONS.map((action) => (
            <button
              key={action}
              type="button"
              className={`button button--small ${action === 'dismiss' ? 'button--ghost' : 'button--danger'}`}
              aria-keyshortcuts={KEYS[action].toUpperCase()}
              onClick={() => onAction(action)}
            >
              {t.actions[action]}
              <kbd className="moderation__kbd" aria-hidden="true">
                {KEYS[action].toUpperCase()}
              </kbd>
            </button>
          ))}
        </div>
      )}
    </article>
  );
}

/** Loading text, the failure, the button for more and the sentinel that loads more by itself. */
export function ListFooter({ list }: { list: { loading: boolean; done: boolean; error: string | null; loadMore: () => void; sentinel: (element: HTMLElement | null) => void } }) {
  return (
    <div className="moderation__footer">
      {list.loading && (
        <p role="status" className="moderation__loading">
          {c.loading}
        </p>
      )}
      {!list.loading && !list.done && (
        <button type="button" className="button button--ghost" onClick={list.loadMore}>
          {c.loadMore}
        </button>
      )}
      {!list.done && <div ref={list.sentinel} aria-hidden="true" className="moderation__sentinel" />}
    </div>
  );
}
