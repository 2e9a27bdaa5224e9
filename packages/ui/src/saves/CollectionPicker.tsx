import { useId, useState } from 'react';
import { SAVES_MESSAGES, SAVES_TEXTS } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useEndpointQuery } from '../query/endpointQuery';
import { useCollectionMembership } from './saveQueries';

const t = SAVES_TEXTS;

/**
 * コレクションに追加: the member's collections as check boxes for one report (a report may sit in
 * several). Read only when opened, so a page of cards does not ask once per card.
 */
export function CollectionPicker({ reportId }: { reportId: number }) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const collections = useEndpointQuery('collections.list', { query: { reportId: String(reportId) } }, { enabled: open });
  const membership = useCollectionMembership(reportId);
  const list = collections.data?.collections;
  return (
    <details className="collection-picker" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="collection-picker__summary">{t.addToCollection}</summary>
      <div className="collection-picker__panel">
        <p id={headingId} className="collection-picker__title">
          {t.pickerTitle}
        </p>
        {collections.isPending && open && <p>{t.loading}</p>}
        {collections.isError && <p className="form-problem">{SAVES_MESSAGES.failed}</p>}
        {list && list.length === 0 && <p>{t.noCollections}</p>}
        {list && list.length > 0 && (
          <ul className="collection-picker__list" aria-labelledby={headingId}>
            {list.map((collection) => (
              <li key={collection.id}>
                <label className="collection-picker__option">
                  <input
                    type="checkbox"
                    checked={collection.hasReport ?? false}
                    disabled={membership.isPending}
                    onChange={(event) => membership.mutate({ collectionId: collection.id, inside: event.target.checked })}
                  />
                  <span>{collection.name}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
        <p role="alert" className="collection-picker__alert">
          {membership.isError ? errorMessage(membership.error, SAVES_MESSAGES.failed) : null}
        </p>
      </div>
    </details>
  );
}
