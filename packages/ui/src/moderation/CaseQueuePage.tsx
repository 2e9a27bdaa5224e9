import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  APPEAL_ACTIONS,
  BULK_CASE_ACTIONS,
  CASE_ACTIONS,
  caseNoteInputSchema,
  FLAG_CATEGORIES,
  FLAG_CATEGORY_TEXTS,
  formatDateTimeJa,
  MODERATION_TEXTS,
  TAKEDOWN_CASE_ACTIONS,
  type BulkCaseAction,
  type CaseDecision,
  type CaseItem,
  type CasePage,
  TWO_FACTOR_SETUP_PATH,
} from '@hiraku/shared';
import { errorMessage, isApiError } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { createModerationApi, type CaseFilters, type ModerationApi } from '../api/moderationApi';
import { FormAlert, FormStatus, schemaCheck, useSchemaForm } from '../components/forms';
import { PageTitle } from '../components/PageTitle';
import { endpointQueryKey } from '../query/endpointQuery';
import { ListFooter } from './ListFooter';
import { MemberHistoryPanel } from './MemberHistoryPanel';
import { OperatorGate } from './OperatorGate';
import { ReasonDialog } from './ReasonDialog';
import { isStepUpCancelled, useStepUp } from '../stepUp/useStepUp';
import { CaseList } from './CaseList';
import { useWideScreen } from './useWideScreen';
import { useCursorList } from '../query/useCursorList';

const t = MODERATION_TEXTS.cases;
const q = MODERATION_TEXTS.queue;
const c = MODERATION_TEXTS.common;

/** One letter per move and decision, shown on the screen; the space bar selects (Shift: a range). */
const KEYS = { next: 'j', previous: 'k', claim: 'c', dismiss: 'd', harmless: 'n', hide: 'h', delete: 'x', warn: 'w', suspend: 's' } as const;
const KEYED_ACTIONS = ['dismiss', 'harmless', 'hide', 'delete', 'warn', 'suspend'] as const;
const APPEAL_KEYS = { uphold: 'u', overturn: 'o' } as const;

/**
 * The decisions a case can take (the server's rules, caseResolver): an appeal's own two; a takedown
 * request removed or not, only dismissed when it names nothing of ours; a member no deletion.
 */
function actionsFor(item: CaseItem): CaseDecision[] {
  if (item.type === 'appeal') return [...APPEAL_ACTIONS];
  const actions = item.type === 'takedown' ? (item.target.gone ? ['dismiss' as const] : TAKEDOWN_CASE_ACTIONS) : CASE_ACTIONS;
  return actions.filter((action) => !(item.target.type === 'member' && action === 'delete'));
}

const checkNote = schemaCheck<{ text: string }>(caseNoteInputSchema);

const isBulkAction = (action: CaseDecision): action is BulkCaseAction => (BULK_CASE_ACTIONS as readonly string[]).includes(action);

/** /moderation/queue: every open case, appeals and the most severe first, worked from the keyboard alone. */
export function CaseQueuePage() {
  return (
    <OperatorGate page={MODERATION_TEXTS.titles.queue}>
      <CaseQueue />
    </OperatorGate>
  );
}

type Deciding = { items: CaseItem[]; action: CaseDecision };

function CaseQueue() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const api = useMemo(() => createModerationApi(client), [client]);
  const [filters, setFilters] = useState<CaseFilters>({ status: 'open', type: '', category: '', claimed: '', overdue: false });
  const [active, setActive] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const anchor = useRef<number | null>(null);
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [history, setHistory] = useState<{ publicId: string; name: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  // Issue 38: on a wide screen the list of cases sits on the left, the cases themselves on the right.
  const wide = useWideScreen();

  const fetchPage = useCallback((cursor: string | null, signal: AbortSignal) => api.cases(filters, cursor, signal), [api, filters]);
  const queryKey = useMemo(() => endpointQueryKey('moderation.cases', { query: { ...filters, overdue: filters.overdue ? 'true' : '' } }), [filters]);
  const list = useCursorList<CasePage>(queryKey, fetchPage, c.loadFailed);
  const { items } = list;
  const counts = list.lastPage?.counts ?? null;
  const open = filters.status === 'open';

  const focusAfterRender = useRef<number | null>(null);
  useEffect(() => {
    if (focusAfterRender.current === null) return;
    itemRefs.current[focusAfterRender.current]?.focus();
    focusAfterRender.current = null;
  }, [items]);
  useEffect(() => {
    setActive(0);
    setSelected(new Set());
    anchor.current = null;
  }, [filters]);

  const focusItem = (index: number) => {
    const bounded = Math.max(0, Math.min(index, items.length - 1));
    setActive(bounded);
    itemRefs.current[bounded]?.focus();
  };

  /** Space toggles one case; with Shift, every case from the last one toggled to this one takes its state. */
  const toggleSelect = (index: number, range: boolean) => {
    const item = items[index];
    if (!item) return;
    // Read now: React runs the updater later, after the anchor has moved to this case.
    const start = range && anchor.current !== null ? anchor.current : index;
    const from = Math.min(start, index);
    const to = Math.max(start, index);
    setSelected((previous) => {
      const next = new Set(previous);
      const on = !previous.has(item.id);
      for (const entry of items.slice(from, to + 1)) {
        if (on) next.add(entry.id);
        else next.delete(entry.id);
      }
      return next;
    });
    anchor.current = index;
  };

  const replaceItem = (item: CaseItem) => list.update((page) => ({ ...page, items: page.items.map((other) => (other.id === item.id ? item : other)) }));
  const claim = async (item: CaseItem) => {
    setProblem(null);
    try {
      const answer = await api.claimCase(item.id, item.claimedBy === null);
      replaceItem(answer.item);
      setNotice(answer.message);
    } catch (error) {
      setProblem(errorMessage(error, c.actionFailed));
    }
  };

  const keyState = useRef({ items, active, deciding, open, focusItem, toggleSelect, claim, selected });
  keyState.current = { items, active, deciding, open, focusItem, toggleSelect, claim, selected };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const state = keyState.current;
      if (state.deciding || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, button, a, [contenteditable="true"], [role="menu"], dialog, aside')) {
        // Buttons and links keep their own Space/Enter; the letters still work from them.
        if (event.key === ' ' || !target.closest('button, a')) return;
      }
      const key = event.key.toLowerCase();
      if (key === KEYS.next || key === KEYS.previous) {
        event.preventDefault();
        const inList = itemRefs.current.some((element) => element?.contains(document.activeElement));
        state.focusItem(inList ? state.active + (key === KEYS.next ? 1 : -1) : state.active);
        return;
      }
      const item = state.items[state.active];
      if (!item || !state.open) return;
      if (event.key === ' ') {
        event.preventDefault();
        state.toggleSelect(state.active, event.shiftKey);
        return;
      }
      if (key === KEYS.claim) {
        event.preventDefault();
        void state.claim(item);
        return;
      }
      const action =
        KEYED_ACTIONS.find((name) => KEYS[name] === key) ?? (Object.keys(APPEAL_KEYS) as (keyof typeof APPEAL_KEYS)[]).find((name) => APPEAL_KEYS[name] === key);
      if (!action) return;
      const chosen = state.items.filter((entry) => state.selected.has(entry.id));
      if (chosen.length > 0) {
        if (!isBulkAction(action)) return;
        event.preventDefault();
        setDeciding({ items: chosen, action });
      } else if (actionsFor(item).includes(action)) {
        event.preventDefault();
        setDeciding({ items: [item], action });
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const { withStepUp, dialog: stepUpDialog } = useStepUp();
  const decide = async (reason: string): Promise<string | null> => {
    if (!deciding) return null;
    const { items: chosen, action } = deciding;
    try {
      const first = chosen[0];
      let message: string;
      // Suspend and delete ask for a recent proof of identity (issue 35): the step-up dialog, then again.
      if (chosen.length === 1 && first) message = (await withStepUp(() => api.resolveCase(first.id, action, reason))).message;
      else if (isBulkAction(action)) message = (await withStepUp(() => api.bulkResolve(chosen.map((item) => item.id), action, reason))).message;
      else return c.actionFailed;
      const gone = new Set(chosen.map((item) => item.id));
      const index = items.findIndex((item) => gone.has(item.id));
      void queryClient.invalidateQueries({ queryKey: endpointQueryKey('moderation.cases'), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: endpointQueryKey('moderation.auditLog'), refetchType: 'none' });
      list.update((page) => ({
        ...page,
        items: page.items.filter((item) => !gone.has(item.id)),
        counts: { ...page.counts, open: Math.max(0, page.counts.open - gone.size) },
      }));
      setSelected(new Set());
      anchor.current = null;
      setNotice(message);
      setDeciding(null);
      const next = Math.max(0, Math.min(index, items.length - gone.size - 1));
      setActive(next);
      focusAfterRender.current = next;
      return null;
    } catch (error) {
      // Closed without proving: nothing was decided; the reason dialog stays, with nothing to tell, for another try.
      if (isStepUpCancelled(error)) return '';
      return errorMessage(error, c.actionFailed);
    }
  };

  const chosen = items.filter((item) => selected.has(item.id));
  const set = <K extends keyof CaseFilters>(key: K, value: CaseFilters[K]) => setFilters((previous) => ({ ...previous, [key]: value }));

  return (
    <div className="page moderation cases">
      <PageTitle page={MODERATION_TEXTS.titles.queue} />
      <h1 className="page__title">
        {MODERATION_TEXTS.titles.queue}
        {counts !== null && <span className="badge moderation__count">{t.counts(counts.open, counts.overdue)}</span>}
      </h1>

      <fieldset className="moderation__filter cases__filters">
        <legend>{t.filterLabel}</legend>
        <label>
          {t.status}
          <select value={filters.status} onChange={(event) => set('status', event.target.value as CaseFilters['status'])}>
            {(['open', 'closed'] as const).map((value) => (
              <option key={value} value={value}>
                {t.statuses[value]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.type}
          <select value={filters.type} onChange={(event) => set('type', event.target.value as CaseFilters['type'])}>
            {(Object.keys(t.types) as (keyof typeof t.types)[]).map((value) => (
              <option key={value} value={value}>
                {t.types[value]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.category}
          <select value={filters.category} onChange={(event) => set('category', event.target.value as CaseFilters['category'])}>
            <option value="">{t.allCategories}</option>
            {FLAG_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {FLAG_CATEGORY_TEXTS[value].label}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.claimed}
          <select value={filters.claimed} onChange={(event) => set('claimed', event.target.value as CaseFilters['claimed'])}>
            {(Object.keys(t.claimedOptions) as (keyof typeof t.claimedOptions)[]).map((value) => (
              <option key={value} value={value}>
                {t.claimedOptions[value]}
              </option>
            ))}
          </select>
        </label>
        <label className="moderation__radio">
          <input type="checkbox" checked={filters.overdue} onChange={(event) => set('overdue', event.target.checked)} />
          {t.overdueOnly}
        </label>
      </fieldset>

      {open && (
        <section className="moderation__keys" aria-labelledby="queue-keys-heading">
          <h2 id="queue-keys-heading" className="moderation__subheading">
            {q.keysHeading}
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
            <div>
              <dt>
                <kbd>Space</kbd>
              </dt>
              <dd>{t.keys.select}</dd>
            </div>
          </dl>
        </section>
      )}

      <FormStatus message={notice} />
      <FormAlert message={problem ?? list.error} />
      {/* The server refuses an operator without two-factor sign-in; the way to turn it on is one click away. */}
      {isApiError(list.failure) && list.failure.code === 'two_factor_required' && (
        <p>
          <Link to={TWO_FACTOR_SETUP_PATH}>{t.twoFactorLink}</Link>
        </p>
      )}

      {chosen.length > 0 && (
        <div className="cases__bulk" role="region" aria-label={t.bulkBar(chosen.length)}>
          <span>{t.bulkBar(chosen.length)}</span>
          {BULK_CASE_ACTIONS.map((action) => (
            <button key={action} type="button" className="button button--small button--danger" onClick={() => setDeciding({ items: chosen, action })}>
              {t.actions[action]}
            </button>
          ))}
          <button type="button" className="button button--small button--ghost" onClick={() => setSelected(new Set())}>
            {t.bulkClear}
          </button>
        </div>
      )}

      <div className={`cases__layout${history ? ' cases__layout--history' : ''}${wide ? ' cases__layout--wide' : ''}`}>
        {wide && (
          <nav className="cases__list-pane" aria-label={t.listPaneLabel}>
            <CaseList items={items} active={active} selected={selected} onShow={focusItem} />
          </nav>
        )}
        <div className={wide ? 'cases__detail-pane' : undefined}>
          {items.length === 0 && !list.loading && !list.error && <p>{t.empty}</p>}
          <ol className="moderation__list" aria-label={t.listLabel}>
            {items.map((item, index) => (
              <li key={item.id}>
                <CaseView
                  item={item}
                  api={api}
                  active={index === active}
                  selected={selected.has(item.id)}
                  ref={(element) => {
                    itemRefs.current[index] = element;
                  }}
                  onFocus={() => setActive(index)}
                  onSelect={(range) => toggleSelect(index, range)}
                  onClaim={open ? () => void claim(item) : null}
                  onAction={open ? (action) => setDeciding({ items: [item], action }) : null}
                  onHistory={(publicId, name) => setHistory({ publicId, name })}
                  onChange={replaceItem}
                />
              </li>
            ))}
          </ol>
          <ListFooter list={list} />
        </div>
        {history && <MemberHistoryPanel api={api} publicId={history.publicId} name={history.name} onClose={() => setHistory(null)} />}
      </div>

      {deciding && (
        <ReasonDialog
          title={t.actions[deciding.action]}
          question={deciding.items.length > 1 ? t.bulkQuestion(deciding.items.length, t.actions[deciding.action]) : t.actionQuestions[deciding.action]}
          confirmLabel={t.actions[deciding.action]}
          onConfirm={decide}
          onCancel={() => setDeciding(null)}
        />
      )}
      {stepUpDialog}
    </div>
  );
}

interface CaseViewProps {
  item: CaseItem;
  api: ModerationApi;
  active: boolean;
  selected: boolean;
  ref: (element: HTMLElement | null) => void;
  onFocus: () => void;
  onSelect: (range: boolean) => void;
  onClaim: (() => void) | null;
  onAction: ((action: CaseDecision) => void) | null;
  onHistory: (publicId: string, name: string) => void;
  onChange: (item: CaseItem) => void;
}

function CaseView({ item, api, active, selected, ref, onFocus, onSelect, onClaim, onAction, onHistory, onChange }: CaseViewProps) {
  const headingId = `case-${item.id}`;
  const { target, author } = item;
  const status = target.gone ? t.targetGone : target.isDeleted ? q.deleted : target.isHidden ? q.hidden : q.shown;
  const keyOf = (action: CaseDecision): string => (action in KEYS ? KEYS[action as keyof typeof KEYS] : APPEAL_KEYS[action as keyof typeof APPEAL_KEYS]);
  return (
    <article
      ref={ref}
      tabIndex={active ? 0 : -1}
      aria-labelledby={headingId}
      aria-current={active ? 'true' : undefined}
      className={`moderation__item${active ? ' moderation__item--active' : ''}${selected ? ' moderation__item--selected' : ''}`}
      onFocus={(event) => {
        if (event.target === event.currentTarget) onFocus();
      }}
    >
      <h2 id={headingId} className="moderation__item-title">
        <span className="badge">{t.types[item.type]}</span> <span className="badge">{FLAG_CATEGORY_TEXTS[item.category].label}</span>{' '}
        {target.path && !target.gone ? <Link to={target.path}>{target.title ?? t.openTarget}</Link> : (target.title ?? t.targetGone)}
      </h2>
      {onClaim && (
        <label className="cases__select">
          <input type="checkbox" checked={selected} onChange={(event) => onSelect((event.nativeEvent as MouseEvent).shiftKey)} />
          {t.select}
        </label>
      )}
      {target.thumbnailUrl && <img className="cases__thumb" src={target.thumbnailUrl} alt="" width={96} height={96} loading="lazy" />}
      {target.text && <blockquote className="moderation__comment">{target.text}</blockquote>}
      <p className="moderation__badges">
        <span className="badge">{status}</span>
        <span className="badge">{q.reporterCount(item.flaggerCount)}</span>
        {item.overdue && <span className="badge badge--warning">{t.overdue}</span>}
        <span className="badge">{item.claimedBy ? t.claimedBy(item.claimedBy.username ?? item.claimedBy.publicId) : t.unclaimed}</span>
      </p>
      <p className="moderation__meta">
        {t.openedAt}: {formatDateTimeJa(item.openedAt)}・{t.dueAt}: {formatDateTimeJa(item.dueAt)}
        {item.decision && (
          <>
            <br />
            {t.decision(t.actions[item.decision.action])}（{item.decision.reason}）
          </>
        )}
      </p>
      {author && (
        <p className="moderation__meta">
          {t.author}: {author.username ?? c.unnamed}（{author.publicId}）{author.suspended && <span className="badge">{q.suspended}</span>}
          <br />
          {t.history(author.history.earlierCases, author.history.strikes, author.history.suspensions)}{' '}
          <button type="button" className="button button--text" onClick={() => onHistory(author.publicId, author.username ?? author.publicId)}>
            {t.historyButton}
          </button>
        </p>
      )}
      {item.appeal && (
        <>
          <h3 className="moderation__subheading">{t.appealHeading}</h3>
          <p>{t.appealOf(t.actions[item.appeal.action], item.appeal.reason)}</p>
          <blockquote className="moderation__comment">{item.appeal.text}</blockquote>
        </>
      )}
      {item.flags.length > 0 && (
        <>
          <h3 className="moderation__subheading">{t.flagsHeading}</h3>
          <ul className="moderation__reports">
            {item.flags.map((flag, index) => (
              <li key={`${flag.flaggerPublicId}-${index}`}>
                {t.flagger}: {flag.flaggerPublicId}・{FLAG_CATEGORY_TEXTS[flag.category].label}・{formatDateTimeJa(flag.flaggedAt)}
                <br />
                {flag.note ?? t.noNote}
              </li>
            ))}
          </ul>
        </>
      )}
      <CaseNotes item={item} api={api} onChange={onChange} />
      {onAction && (
        <div className="moderation__actions">
          {onClaim && (
            <button type="button" className="button button--small button--ghost" aria-keyshortcuts="C" onClick={onClaim}>
              {item.claimedBy ? t.release : t.claim}
              <kbd className="moderation__kbd" aria-hidden="true">
                C
              </kbd>
            </button>
          )}
          {actionsFor(item).map((action) => (
            <button
              key={action}
              type="button"
              className={`button button--small ${action === 'dismiss' || action === 'harmless' || action === 'overturn' ? 'button--ghost' : 'button--danger'}`}
              aria-keyshortcuts={keyOf(action).toUpperCase()}
              onClick={() => onAction(action)}
            >
              {t.actions[action]}
              <kbd className="moderation__kbd" aria-hidden="true">
                {keyOf(action).toUpperCase()}
              </kbd>
            </button>
          ))}
        </div>
      )}
    </article>
  );
}

/** The operators' notes on a case, and the form for another (the shared schema checks it, as the server does). */
function CaseNotes({ item, api, onChange }: { item: CaseItem; api: ModerationApi; onChange: (item: CaseItem) => void }) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const { form, formRef, errors, submitWith } = useSchemaForm<{ text: string }>({ defaultValues: { text: '' }, check: checkNote, order: ['text'] });
  const { register, formState, reset } = form;
  const save = async ({ text }: { text: string }) => {
    setProblem(null);
    try {
      onChange((await api.noteCase(item.id, text)).item);
      reset();
    } catch (error) {
      setProblem(errorMessage(error, c.actionFailed));
    }
  };
  const error = errors.text ?? problem;
  return (
    <section aria-labelledby={`${id}-heading`} className="cases__notes">
      <h3 id={`${id}-heading`} className="moderation__subheading">
        {t.notesHeading}
      </h3>
      {item.notes.length > 0 && (
        <ul>
          {item.notes.map((note, index) => (
            <li key={index}>
              {note.text}（{note.author?.username ?? note.author?.publicId ?? ''}・{formatDateTimeJa(note.createdAt)}）
            </li>
          ))}
        </ul>
      )}
      <form ref={formRef} onSubmit={submitWith(save)} noValidate className="cases__note-form">
        <label htmlFor={`${id}-text`} className="field__label">
          {t.noteLabel}
        </label>
        <textarea id={`${id}-text`} className="field__input" rows={2} {...register('text')} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
        {error && (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button--small button--ghost" disabled={formState.isSubmitting}>
          {t.noteSubmit}
        </button>
      </form>
    </section>
  );
}
