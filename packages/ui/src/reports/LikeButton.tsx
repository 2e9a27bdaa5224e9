import { useEffect, useState } from 'react';
import { MESSAGES_LIKE, MESSAGES_REPORT, REPORT_TEXTS_DETAIL } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';

const t = REPORT_TEXTS_DETAIL;

/**
 * The like count and toggle of a report. The server's answer is what the button shows, so the count is
 * right even when another member liked it meanwhile. Pressing it on one's own report shows the server's
 * explanation rather than hiding the button, so the count stays visible to the author too.
 */
export function LikeButton({ reportId, initialCount }: { reportId: number; initialCount: number }) {
  const { likes } = useApi();
  const [count, setCount] = useState(initialCount);
  const [liked, setLiked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    likes.info(reportId, controller.signal).then(
      (info) => {
        setCount(info.likeCount);
        setLiked(info.isLiked);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('like info failed', error);
        setProblem(MESSAGES_REPORT.likeInfoFailed);
      },
    );
    return () => controller.abort();
  }, [likes, reportId]);

  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const answer = await likes.toggle(reportId, !liked);
      setLiked(answer.liked);
      setCount(answer.likeCount);
    } catch (error) {
      setProblem(errorMessage(error, MESSAGES_LIKE.tooFast));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="like-box">
      <button
        type="button"
        className={`like-button${liked ? ' like-button--on' : ''}`}
        aria-pressed={liked}
        disabled={busy}
        onClick={() => void toggle()}
      >
        <span aria-hidden="true" className="like-button__heart">
          {liked ? '♥' : '♡'}
        </span>
        <span>{t.likes}</span>
      </button>
      <span className="like-box__count" aria-live="polite">
        <span className="visually-hidden">{t.likes}: </span>
        <strong data-testid="like-count">{count}</strong>
      </span>
      <div role="alert" className="like-box__alert">
        {problem && <p className="form-problem">{problem}</p>}
      </div>
    </div>
  );
}
