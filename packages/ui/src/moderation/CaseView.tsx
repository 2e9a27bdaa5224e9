import { Link } from 'react-router-dom';
import { FLAG_CATEGORY_TEXTS, formatDateTimeJa, MODERATION_TEXTS, type CaseDecision, type CaseItem } from '@hiraku/shared';
import type { ModerationApi } from '../api/moderationApi';
import { actionsFor, keyOf } from './caseKeys';
import { CaseEscalation } from './CaseEscalation';
import { CaseNotes } from './CaseNotes';

const t = MODERATION_TEXTS.cases;
const q = MODERATION_TEXTS.queue;
const c = MODERATION_TEXTS.common;

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
  /** 要相談: the form's state, held by the queue so E opens it; and the taking back, when allowed. */
  escalating: boolean;
  onEscalating: (open: boolean) => void;
  onWithdrawEscalation: (() => void) | null;
}

/** One case as the queue shows it: its target, flags, author, appeal, notes and the decisions it can take. */
export function CaseView({ item, api, active, selected, ref, onFocus, onSelect, onClaim, onAction, onHistory, onChange, escalating, onEscalating, onWithdrawEscalation }: CaseViewProps) {
  const headingId = `case-${item.id}`;
  const { target, author } = item;
  const status = target.gone ? t.targetGone : target.isDeleted ? q.deleted : target.isHidden ? q.hidden : q.shown;
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
        {item.escalation && <span className="badge badge--warning">{t.escalatedBadge}</span>}
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
      <CaseEscalation item={item} api={api} onChange={onChange} formOpen={escalating} onFormOpen={onEscalating} onWithdraw={onWithdrawEscalation} />
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
