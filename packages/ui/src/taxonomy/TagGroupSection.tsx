import { useId } from 'react';
import { TAXONOMY_TEXTS, type TagItem } from '@hiraku/shared';
import type { TagGroup } from './tagGroups';

const t = TAXONOMY_TEXTS.tags;
const c = TAXONOMY_TEXTS.common;

export interface TagGroupSectionProps {
  group: TagGroup;
  /** To name each tag's parent, which may sit in another group. */
  allTags: readonly TagItem[];
  onAdd: () => void;
  onEdit: (tag: TagItem) => void;
  onDelete: (tag: TagItem) => void;
}

/** One category's tags (or the 未分類 ones) with their edit and delete buttons. */
export function TagGroupSection({ group, allTags, onAdd, onEdit, onDelete }: TagGroupSectionProps) {
  const headingId = useId();
  const parentName = (id: number | null) => (id === null ? null : (allTags.find((tag) => tag._id === id)?.name ?? null));
  return (
    <section className="taxonomy-card tag-group" aria-labelledby={headingId}>
      <div className="tag-group__header">
        <h2 id={headingId} className="taxonomy-card__title">
          {group.name}
          <span className="tag-group__count">{t.count(group.tags.length)}</span>
        </h2>
        <button type="button" className="button button--ghost button--small" onClick={onAdd} aria-label={t.addToCategory(group.name)}>
          <span aria-hidden="true">＋</span>
          {t.createTitle}
        </button>
      </div>
      {group.tags.length === 0 ? (
        <p className="tag-group__empty">{t.emptyGroup}</p>
      ) : (
        <ul className="taxonomy-list">
          {group.tags.map((tag) => {
            const parent = parentName(tag.parent_id);
            return (
              <li key={tag._id} className="taxonomy-row">
                <div className="taxonomy-row__main">
                  <p className="taxonomy-row__name">{tag.name}</p>
                  <p className="taxonomy-row__meta">
                    {t.meta(tag.order, tag.level, tag.popularity)}
                    {parent && <span className="taxonomy-row__parent">{t.parent(parent)}</span>}
                  </p>
                </div>
                <div className="taxonomy-row__actions">
                  <button type="button" className="button button--ghost button--small" onClick={() => onEdit(tag)} aria-label={t.editLabel(tag.name)}>
                    {c.edit}
                  </button>
                  <button type="button" className="button button--ghost button--small button--danger-text" onClick={() => onDelete(tag)} aria-label={t.deleteLabel(tag.name)}>
                    {c.delete}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
