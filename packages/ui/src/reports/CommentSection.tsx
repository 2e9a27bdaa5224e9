import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { charLength, commentTextSchema, formatDateTimeJa, LIMITS, type CommentItem, COMMON_TEXTS, COMMENT_MESSAGES, COMMENT_TEXTS, SAFETY_TEXTS } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { DEFAULT_PROFILE_ICON_URL } from '../assets/defaultProfileIcon';
import { FormAlert } from '../components/forms';
import { usePlatform } from '../platform/PlatformContext';
import { useEndpointQuery } from '../query/endpointQuery';
import { setReportComments } from '../query/reportCache';
import { publicProfilePath } from '../routes/paths';
import { useSession } from '../session/SessionContext';
import { FlagButton } from '../flags/FlagButton';
import { ReviewNotice } from '../flags/ReviewNotice';

const t = COMMENT_TEXTS;

type Busy = { kind: 'posting' } | { kind: 'deleting'; id: number } | null;

const BUSY_NOTES = { posting: t.posting, deleting: t.deleting } as const;

interface CommentViewProps {
  comment: CommentItem;
  busy: boolean;
  /** The viewer's own comment: a hidden one is visible to "you and operators", otherwise to operators only. */
  own: boolean;
  onDelete: () => void;
}

/** The text, or for a comment holding one of the viewer's muted words a closed line that opens it. */
function CommentText({ comment }: { comment: CommentItem }) {
  const [open, setOpen] = useState(false);
  if (!comment.mutedWord || open) return <p className="comment__text">{comment.text}</p>;
  return (
    <p className="comment__muted">
      <span>{SAFETY_TEXTS.mutedComment}</span>{' '}
      <button type="button" className="button button--text" onClick={() => setOpen(true)}>
        {SAFETY_TEXTS.showMutedComment}
      </button>
    </p>
  );
}

function CommentView({ comment, busy, own, onDelete }: CommentViewProps) {
  const name = comment.userProfile?.username?.trim() || COMMON_TEXTS.unknownAuthor;
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
      {comment.isHidden && own && <ReviewNotice targetType="comment" targetId={comment._id} />}
      <CommentText comment={comment} />
      {(comment.abilities.delete || comment.abilities.report) && (
        <div className="comment__actions">
          {comment.abilities.delete && (
            <button type="button" className="button button--text" onClick={onDelete} disabled={busy}>
              {t.delete}
            </button>
          )}
          {comment.abilities.report && <FlagButton targetType="comment" targetId={comment._id} className="comment__report" />}
        </div>
      )}
    </li>
  );
}

/**
 * Comments of one report (docs/product.md §4): loading, then the list, an error or an empty note; a new
 * comment goes to the top and a deleted one leaves the list. While an action runs every control is
 * disabled and a note says what is happening. The list is a cached query (src/query): a write changes it
 * and the report's counts from the server's answer (setReportComments), so coming back shows it at once.
 */
export function CommentSection({ reportId }: { reportId: number }) {
  const platform = usePlatform();
  const { call } = useApi();
  const queryClient = useQueryClient();
  const { status, user } = useSession();
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const headingId = useId();
  const textareaId = useId();
  const counterId = useId();
  const errorId = useId();
  const signedIn = status === 'authenticated';

  const list = useEndpointQuery('comments.list', { query: { articleId: reportId } }, { enabled: signedIn });
  useEffect(() => {
    if (list.error) console.error('comments failed', list.error);
  }, [list.error]);
  const comments = list.data;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    setNotice(null);
    const parsed = commentTextSchema.safeParse(text);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? COMMENT_MESSAGES.empty);
      document.getElementById(textareaId)?.focus();
      return;
    }
    setFieldError(null);
    setBusy({ kind: 'posting' });
    try {
      const created = await call('comments.create', { body: { articleId: reportId, text: parsed.data } });
      setReportComments(queryClient, reportId, { added: created });
      setText('');
    } catch (error) {
      setProblem(errorMessage(error, COMMENT_MESSAGES.postFailed));
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
      const answer = await call('comments.remove', { params: { id } });
      setReportComments(queryClient, reportId, { removedId: id });
      setNotice(answer.message);
    } catch (error) {
      setProblem(errorMessage(error, COMMENT_MESSAGES.deleteFailed));
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
        {signedIn && comments && <span className="comments__count">{t.count(comments.length)}</span>}
      </h2>

      {!signedIn ? (
        <p className="form-info">{COMMENT_MESSAGES.loginRequired}</p>
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
              {busy?.kind === 'posting' ? COMMON_TEXTS.processing : t.submit}
            </button>
          </form>

          <div role="status" className="form-alert-region">
            {busy && <p className="form-info">{BUSY_NOTES[busy.kind]}</p>}
            {notice && !busy && <p className="form-status">{notice}</p>}
          </div>
          <FormAlert message={problem} />

          {list.isFetching && !comments && <p role="status">{COMMON_TEXTS.loading}</p>}
          {list.isError && !list.isFetching && (
            <div>
              <p role="alert" className="form-problem">
                {COMMENT_MESSAGES.fetchFailed}
              </p>
              <button type="button" className="button button--ghost" onClick={() => void list.refetch()}>
                {t.retry}
              </button>
            </div>
          )}
          {comments && comments.length === 0 && <p className="comments__empty">{t.empty}</p>}
          {comments && comments.length > 0 && (
            <ul className="comments__list" aria-label={t.list}>
              {comments.map((comment) => (
                <CommentView
                  key={comment._id}
                  comment={comment}
                  busy={busy !== null}
                  onDelete={() => void remove(comment._id)}
                  own={comment.publicId === user?.publicId}
                />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
