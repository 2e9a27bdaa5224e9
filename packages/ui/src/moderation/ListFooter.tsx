import { MODERATION_TEXTS } from '@hiraku/shared';

const c = MODERATION_TEXTS.common;

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
