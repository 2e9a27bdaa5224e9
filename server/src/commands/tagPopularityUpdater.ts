import { TEXTS } from '@hiraku/shared';
import { Op, type Sequelize, type Transaction } from 'sequelize';
import { validationError } from '../errors';
import type { Models } from '../models';

/**
 * +1 for each tag a member newly chose, -1 (never below 0) for each they dropped. A tag in both lists
 * cancels out. Unknown ids refuse the whole request, so a typo cannot half-apply.
 */
export async function updateTagPopularity(
  deps: { models: Pick<Models, 'Tag'>; sequelize: Sequelize },
  { newTags, oldTags }: { newTags: number[]; oldTags: number[] },
  { transaction }: { transaction: Transaction },
): Promise<Array<{ _id: number; popularity: number }>> {
  const up = newTags.filter((id) => !oldTags.includes(id));
  const down = oldTags.filter((id) => !newTags.includes(id));
  const ids = [...up, ...down];
  if (ids.length === 0) return [];
  const found = await deps.models.Tag.count({ where: { id: { [Op.in]: ids } }, transaction });
  if (found !== ids.length) throw validationError(TEXTS.taxonomy.popularityTagsInvalid);
  // Arithmetic in SQL, so concurrent saves add up; updated_at stays, as no operator edited the tag. One
  // statement for both directions locks the rows in index order: two saves that raise and lower the same
  // pair of tags in opposite directions cannot each hold one row while waiting for the other.
  await deps.sequelize.query(
    `UPDATE tags SET popularity = CASE
       WHEN id IN (:up) THEN popularity + 1
       WHEN popularity > 0 THEN popularity - 1
       ELSE 0 END
     WHERE id IN (:ids)`,
    { replacements: { up: up.length ? up : [0], ids }, transaction },
  );
  const tags = await deps.models.Tag.findAll({ where: { id: { [Op.in]: ids } }, attributes: ['id', 'popularity'], order: [['id', 'ASC']], transaction });
  return tags.map((tag) => ({ _id: tag.id, popularity: tag.popularity }));
}
