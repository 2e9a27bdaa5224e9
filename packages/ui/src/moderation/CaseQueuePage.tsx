import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { fillNoticeTemplate, MODERATION_TEXTS, type CaseDecision, type CaseItem, type CasePage, TWO_FACTOR_SETUP_PATH } from '@hiraku/shared';
import { errorMessage, isApiError } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { createModerationApi, type CaseFilters } from '../api/moderationApi';
import { FormAlert, FormStatus } from '../components/forms';
import { PageTitle } from '../components/PageTitle';
import { endpointQueryKey, useEndpointQuery } from '../query/endpointQuery';
import { useCursorList } from '../query/useCursorList';
import { isStepUpCancelled, useStepUp } from '../stepUp/useStepUp';
import { CaseBulkBar } from './CaseBulkBar';
import { CaseFiltersBar } from './CaseFiltersBar';
import { CaseKeyLegend } from './CaseKeyLegend';
import { canWithdrawEscalation, isBulkAction } from './caseKeys';
import { CaseList } from './CaseList';
import { CaseView } from './CaseView';
import { ListFooter } from './ListFooter';
import { MemberHistoryPanel } from './MemberHistoryPanel';
import { OperatorGate } from './OperatorGate';
import { ReasonDialog } from './ReasonDialog';
import { useCaseQueueKeys } from './useCaseQueueKeys';
import { useWideScreen } from './useWideScreen';
import { useSession } from '../session/SessionContext';

const t = MODERATION_TEXTS.cases;
const c = MODERATION_TEXTS.common;

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
  // Issue 38: the notice templates, read when a decision's dialog opens, offered for its decision and category.
  const noticeTemplates = useEndpointQuery('noticeTemplates.list', {}, { enabled: deciding !== null, staleTime: 60_000 });
  const templateChoices = useMemo(() => {
    if (!deciding) return [];
    const [first] = deciding.items;
    const category = first && deciding.items.every((item) => item.category === first.category) ? first.category : null;
    const target = deciding.items.length === 1 && first ? (first.target.title ?? '') : '';
    return (noticeTemplates.data?.templates ?? [])
      .filter((template) => template.decision === deciding.action && (template.category === null || template.category === category))
      .map((template) => ({ id: template.id, name: template.name, text: fillNoticeTemplate(template.body, { target: target ? `「${target}」` : '', category }) }));
  }, [deciding, noticeTemplates.data]);
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
  // 要相談: the case whose question to the admins is being written (E or the button opens it).
  const { user } = useSession();
  const [escalatingId, setEscalatingId] = useState<number | null>(null);
  const withdrawEscalation = async (item: CaseItem) => {
    setProblem(null);
    try {
      const answer = await api.withdrawEscalation(item.id);
      replaceItem(answer.item);
      setNotice(answer.message);
    } catch (error) {
      setProblem(errorMessage(error, c.actionFailed));
    }
  };
  /** E: opens the question on a case not escalated; takes it back where this viewer may; else says who may. */
  const escalate = (item: CaseItem) => {
    if (!item.escalation) {
      setEscalatingId(item.id);
      return;
    }
    if (canWithdrawEscalation(item, user)) void withdrawEscalation(item);
    else setProblem(t.withdrawEscalationForbidden);
  };

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

  useCaseQueueKeys({
    items,
    active,
    deciding: deciding !== null,
    open,
    selected,
    listHasFocus: () => itemRefs.current.some((element) => element?.contains(document.activeElement)),
    focusItem,
    toggleSelect,
    claim,
    escalate,
    startDeciding: (chosen, action) => setDeciding({ items: chosen, action }),
  });

  const { withStepUp, dialog: stepUpDialog } = useStepUp();
  const decide = async (reason: string): Promise<string | null> => {
    if (!deciding) return null;
    const { items: chosen, action } = deciding;
    try {
      const first = chosen[0];
      let message: string;
      // Suspend and delete ask for a recent proof of identity: the step-up dialog, then again.
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

      <CaseFiltersBar filters={filters} onChange={set} />

      {open && <CaseKeyLegend />}

      <FormStatus message={notice} />
      <FormAlert message={problem ?? list.error} />
      {/* The server refuses an operator without two-factor sign-in; the way to turn it on is one click away. */}
      {isApiError(list.failure) && list.failure.code === 'two_factor_required' && (
        <p>
          <Link to={TWO_FACTOR_SETUP_PATH}>{t.twoFactorLink}</Link>
        </p>
      )}

      {chosen.length > 0 && <CaseBulkBar count={chosen.length} onAction={(action) => setDeciding({ items: chosen, action })} onClear={() => setSelected(new Set())} />}

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
                  escalating={escalatingId === item.id}
                  onEscalating={(opened) => {
                    setEscalatingId(opened ? item.id : null);
                    // Closed: the keys go back to the case, where E was pressed.
                    if (!opened) focusItem(index);
                  }}
                  onWithdrawEscalation={open && canWithdrawEscalation(item, user) ? () => void withdrawEscalation(item) : null}
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
          templates={templateChoices}
        />
      )}
      {stepUpDialog}
    </div>
  );
}
