import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LIKE_MESSAGES, REPORT_DETAIL_TEXTS } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { useEndpointQuery } from '../query/endpointQuery';
import { setReportLikes } from '../query/reportCache';

const t = REPORT_DETAIL_TEXTS;

/**
 * The like count and toggle of a report. The server's answer is what the button shows, so the count is
 * right even when another member liked it meanwhile; it also updates the report's card in the cached
 * lists (src/query/reportCache.ts). Pressing it on one's own report shows the server's explanation
 * rather than hiding the button, so the count stays visible to the author too.
 */
export function LikeButton({ reportId, initialCount }: { reportId: number; initialCount: number }) {
  const { call } = useApi();
  const queryClient = useQueryClient();
  const info = useEndpointQuery('likes.get', { params: { reportId } });
  const like = useMutation({
    mutationFn: (liked: boolean) => call('likes.toggle', { params: { reportId }, body: { liked } }),
    onSuccess: (answer) => setReportLikes(queryClient, reportId, answer),
  });
  const count = info.data?.likeCount ?? initialCount;
  const liked = info.data?.isLiked ?? false;
  const busy = like.isPending;
  useEffect(() => {
    if (info.error) console.error('like info failed', info.error);
  }, [info.error]);
  const problem = like.isError ? errorMessage(like.error, LIKE_MESSAGES.tooFast) : info.isError && like.isIdle ? LIKE_MESSAGES.infoFailed : null;

  const toggle = () => {
    if (!busy) like.mutate(!liked);
  };

  return (
    <div className="like-box">
      <button
        type="button"
        className={`like-button${liked ? ' like-button--on' : ''}`}
        aria-pressed={liked}
        disabled={busy}
        onClick={toggle}
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
