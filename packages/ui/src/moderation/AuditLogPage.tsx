import { useCallback, useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { MODERATION_TEXTS, AUDIT_ACTION_LABELS, AUDIT_ACTIONS, formatDateTimeJa, type AuditAction, type AuditLogEntry } from '@hiraku/shared';
import { useApi } from '../api/ApiContext';
import { createModerationApi } from '../api/moderationApi';
import { endpointQueryKey } from '../query/endpointQuery';
import { FormAlert } from '../components/forms';
import { PageTitle } from '../components/PageTitle';
import { ListFooter } from './ListFooter';
import { OperatorGate } from './OperatorGate';
import { useCursorList } from '../query/useCursorList';

const t = MODERATION_TEXTS.audit;
const c = MODERATION_TEXTS.common;

/** The target by its name, linked to where it is; its kind and id when it has no name (gone, or an enquiry). */
function AuditTarget({ target }: { target: AuditLogEntry['target'] }) {
  const kind = t.targetTypes[target.type] ?? target.type;
  const name = target.label ? `${kind}「${target.label}」` : `${kind} ${target.id}`;
  return target.path ? <Link to={target.path}>{name}</Link> : <>{name}</>;
}

function actionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}

/** /moderation/audit-log: every operator action, newest first, filterable by operator and action. */
export function AuditLogPage() {
  return (
    <OperatorGate page={MODERATION_TEXTS.titles.auditLog}>
      <AuditLog />
    </OperatorGate>
  );
}

function AuditLog() {
  const { client } = useApi();
  const api = useMemo(() => createModerationApi(client), [client]);
  const [draft, setDraft] = useState<{ actor: string; action: AuditAction | '' }>({ actor: '', action: '' });
  const [filter, setFilter] = useState(draft);
  const id = useId();

  const fetchPage = useCallback(
    async (cursor: string | null, signal: AbortSignal) => {
      const page = await api.auditLog(filter, cursor, signal);
      return { items: page.entries, nextCursor: page.nextCursor };
    },
    [api, filter],
  );
  const queryKey = useMemo(() => endpointQueryKey('moderation.auditLog', { query: { actor: filter.actor, action: filter.action } }), [filter]);
  const list = useCursorList(queryKey, fetchPage, c.loadFailed);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFilter({ actor: draft.actor.trim(), action: draft.action });
  };

  return (
    <div className="page moderation">
      <PageTitle page={MODERATION_TEXTS.titles.auditLog} />
      <h1 className="page__title">{MODERATION_TEXTS.titles.auditLog}</h1>
      <form className="moderation__search" onSubmit={apply}>
        <div className="field">
          <label htmlFor={`${id}-actor`} className="field__label">
            {t.actorLabel}
          </label>
          <input id={`${id}-actor`} className="field__input" value={draft.actor} onChange={(event) => setDraft({ ...draft, actor: event.target.value })} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-action`} className="field__label">
            {t.actionLabel}
          </label>
          <select id={`${id}-action`} className="field__input" value={draft.action} onChange={(event) => setDraft({ ...draft, action: AUDIT_ACTIONS.find((action) => action === event.target.value) ?? '' })}>
            <option value="">{t.allActions}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTION_LABELS[action]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--primary">
          {t.apply}
        </button>
      </form>
      <FormAlert message={list.error} />
      {list.items.length === 0 && !list.loading && !list.error && <p>{t.empty}</p>}
      <ol className="moderation__list audit-log">
        {list.items.map((entry) => (
          <li key={entry.id} className="audit-log__entry">
            <dl className="moderation__facts">
              <div>
                <dt>{t.when}</dt>
                <dd>
                  <time dateTime={entry.createdAt}>{formatDateTimeJa(entry.createdAt)}</time>
                </dd>
              </div>
              <div>
                <dt>{t.who}</dt>
                <dd>{entry.actor ? `${entry.actor.username ?? c.unnamed}（${entry.actor.publicId}）` : t.system}</dd>
              </div>
              <div>
                <dt>{t.what}</dt>
                <dd>{actionLabel(entry.action)}</dd>
              </div>
              <div>
                <dt>{t.target}</dt>
                <dd>
                  <AuditTarget target={entry.target} />
                </dd>
              </div>
              <div>
                <dt>{t.why}</dt>
                <dd className="audit-log__reason">{entry.reason ?? '—'}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ol>
      <ListFooter list={list} />
    </div>
  );
}
