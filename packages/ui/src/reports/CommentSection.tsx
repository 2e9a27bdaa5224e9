import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { charLength, commentTextSchema, formatDateTimeJa, LIMITS, type CommentItem, MESSAGES_COMMENT, MESSAGES_COMMON, REPORT_TEXTS_COMMENTS } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { DEFAULT_PROFILE_ICON_URL } from '../assets/defaultProfileIcon';
import { FormAlert } from '../components/forms';
import { usePlatform } from '../platform/PlatformContext';
import { publicProfilePath } from '../routes/paths';
import { useSession } from '../session/SessionContext';
import { CommentReportDialog } from './CommentReportDialog';

const t = REPORT_TEXTS_COMMENTS;

type Load = { phase: 'loading' } | { phase: 'error'; message: string } | { phase: 'ready'; comments: CommentItem[] };
type Busy = { kind: 'posting' } | { kind: 'deleting' | 'reporting'; id: number } | null;

const BUSY_NOTES = { posting: t.posting, deleting: t.deleting, reporting: t.reporting } as const;

interface CommentViewProps {
  comment: CommentItem;
  busy: boolean;
  /** The viewer's own comment: a hidden one is visible to "you and operators", otherwise to operators only. */
  own: boolean;
  reported: boolean;
  onDelete: () => void;
  onReport: () => void;
}

function CommentView({ comment, busy, own, reported, onDelete, onReport }: CommentViewProps) {
  const name = comment.userProfile?.username?.trim() || MESSAGES_COMMON.unknownAuthor;
  return (
    <li className="comment" data-comment-id={comment._id}>
      <div className="comment__head">
        <Link to={publicProfilePath(comment.publicId)} className="comment__author">
          <img className="comment__icon" src={comment.userProfile?.icon ?? DEFAULT_PROFILE_ICON_URL} alt="" width={32} height={32} loading="lazy" />
          <span>{name}</span>
        </Link>
        <time className="comment__date" dateTime={comment.createdAt}>
          {formatDateTimeJa(comment.createdAt)}
        </time>
      </div>
      {comment.isHidden && <p className="badge comment__hidden">{own ? t.hidden : t.hiddenForOperator}</p>}
      <p className="comment__text">{comment.text}</p>
      {(comment.abilities.delete || comment.abilities.report) && (
        <div className="comment__actions">
          {comment.abilities.delete && (
            <button type="button" className="button button--text" onClick={onDelete} disabled={busy}>
              {t.delete}
            </button>
          )}
          {comment.abilities.report && (
            <button type="button" className="button button--text comment__report" onClick={onReport} disabled={busy}>
              {reported ? t.reported : t.report}
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * Comments of one report (docs/product.md §4): loading, then the list, an error or an empty note; a new
 * comment goes to the top and a deleted one leaves the list. While an action runs every control is
 * disabled and a note says what is happening.
 */
export function CommentSection({ reportId }: { reportId: number }) {
  const platform = usePlatform();
  const { comments: commentsApi } = useApi();
  const { status, user } = useSession();
  const [load, setLoad] = useState<Load>({ phase: 'loading' });
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [attempt, setAttempt] = useState(0);
  const [reporting, setReporting] = useState<number | null>(null);
  /** Comments this member reported on this page: their button says 通報済み and a second try is answered here. */
  const [reportedIds, setReportedIds] = useState<ReadonlySet<number>>(() => new Set());
  const headingId = useId();
  const textareaId = useId();
  const counterId = useId();
  const errorId = useId();
  const signedIn = status === 'authenticated';

  useEffect(() => {
    if (!signedIn) return undefined;
    const controller = new AbortController();
    setLoad({ phase: 'loading' });
    commentsApi.list(reportId, controller.signal).then(
      (comments) => setLoad({ phase: 'ready', comments }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('comments failed', error);
        setLoad({ phase: 'error', message: MESSAGES_COMMENT.fetchFailed });
      },
    );
    return () => controller.abort();
  }, [commentsApi, reportId, signedIn, attempt]);

  const updateComments = useCallback((change: (comments: CommentItem[]) => CommentItem[]) => {
    setLoad((previous) => (previous.phase === 'ready' ? { phase: 'ready', comments: change(previous.comments) } : previous));
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    setNotice(null);
    const parsed = commentTextSchema.safeParse(text);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? MESSAGES_COMMENT.empty);
      document.getElementById(textareaId)?.focus();
      return;
    }
    setFieldError(null);
    setBusy({ kind: 'posting' });
    try {
      const created = await commentsApi.post(reportId, parsed.data);
      updateComments((comments) => [created, ...comments.filter((comment) => comment._id !== created._id)]);
      setText('');
    } catch (error) {
      setProblem(errorMessage(error, MESSAGES_COMMENT.postFailed));
    } finally {
      setBusy(null);
    }
  };

  const remove = async (id: number) => {
    if (busy || !(await platform.confirm(t.deleteConfirm))) return;
    setProblem(null);
    setNotice(null);
    setBusy({ kind: 'deleting', id });
    try {
      const answer = await commentsApi.remove(id);
      updateComments((comments) => comments.filter((comment) => comment._id !== id));
      setNotice(answer.message);
    } catch (error) {
      setProblem(errorMessage(error, MESSAGES_COMMENT.deleteFailed));
    } finally {
      setBusy(null);
    }
  };

  const askToReport = (id: number) => {
    if (busy) return;
    setProblem(null);
    setNotice(null);
    if (reportedIds.has(id)) setNotice(t.alreadyReported);
    else setReporting(id);
  };

  const report = async (id: number, reason: string | null) => {
    if (busy) return;
    setBusy({ kind: 'reporting', id });
    try {
      const answer = await commentsApi.report(id, reason);
      setReportedIds((previous) => new Set(previous).add(id));
      setReporting(null);
      setNotice(answer.message || MESSAGES_COMMENT.reported);
    } catch (error) {
      setReporting(null);
      setProblem(errorMessage(error, MESSAGES_COMMENT.reportFailed));
    } finally {
      setBusy(null);
    }
  };

  const length = charLength(text);
  const describedBy = [counterId, fieldError ? errorId : null].filter(Boolean).join(' ');

  return (
    <section className="comments" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-heading">
        {t.heading}
        {load.phase === 'ready' && <span className="comments__count">{t.count(load.comments.length)}</span>}
      </h2>

      {!signedIn ? (
        <p className="form-info">{MESSAGES_COMMENT.loginRequired}</p>
      ) : (
        <>
          <form className="form comment-form" noValidate onSubmit={onSubmit}>
            <div className={`field${fieldError ? ' field--invalid' : ''}`}>
              <label htmlFor={textareaId} className="field__label">
                {t.label}
              </label>
              <textarea
                id={textareaId}
                name="text"
                className="field__input comment-form__text"
                rows={3}
                placeholder={t.placeholder}
                value={text}
                onChange={(event) => {
                  setText(event.target.value);
                  if (fieldError) setFieldError(null);
                }}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={describedBy}
                disabled={busy !== null}
              />
              <p id={counterId} className={`field__hint comment-form__counter${length > LIMITS.commentMax ? ' comment-form__counter--over' : ''}`}>
                {t.counter(length, LIMITS.commentMax)}
              </p>
              {fieldError && (
                <p id={errorId} className="field__error" role="alert">
                  {fieldError}
                </p>
              )}
            </div>
            <button type="submit" className="button button--primary comment-form__submit" disabled={busy !== null}>
              {busy?.kind === 'posting' ? MESSAGES_COMMON.processing : t.submit}
            </button>
          </form>

          <div role="status" className="form-alert-region">
            {busy && <p className="form-info">{BUSY_NOTES[busy.kind]}</p>}
            {notice && !busy && <p className="form-status">{notice}</p>}
          </div>
          <FormAlert message={problem} />

          {load.phase === 'loading' && <p role="status">{MESSAGES_COMMON.loading}</p>}
          {load.phase === 'error' && (
            <div>
              <p role="alert" className="form-problem">
                {load.message}
              </p>
              <button type="button" className="button button--ghost" onClick={() => setAttempt((n) => n + 1)}>
                {t.retry}
              </button>
            </div>
          )}
          {load.phase === 'ready' && load.comments.length === 0 && <p className="comments__empty">{t.empty}</p>}
          {load.phase === 'ready' && load.comments.length > 0 && (
            <ul className="comments__list" aria-label={t.list}>
              {load.comments.map((comment) => (
                <CommentView
                  key={comment._id}
                  comment={comment}
                  busy={busy !== null}
                  onDelete={() => void remove(comment._id)}
                  own={comment.publicId === user?.publicId}
                  reported={reportedIds.has(comment._id)}
                  onReport={() => askToReport(comment._id)}
                />
              ))}
            </ul>
          )}
          {reporting !== null && (
            <CommentReportDialog busy={busy !== null} onConfirm={(reason) => void report(reporting, reason)} onCancel={() => setReporting(null)} />
          )}
        </>
      )}
    </section>
  );
}
