import { useEffect, useState } from 'react';
import { useApi } from '../api/ApiContext';
import { loadOperatorPages } from '../routes/groups/loadOperatorPages';
import type { MoreMenuItem } from './moreMenuItems';

/**
 * The operators' entries of the その他 menu, loaded (with the pending count) each time an operator opens
 * it: their words and the count's fetch live in the operators' chunk, outside every member's first page
 * (which is at its size budget). If the chunk cannot be had, the menu simply lacks them.
 */
export function useOperatorMenuItems(enabled: boolean): readonly MoreMenuItem[] {
  const { client } = useApi();
  const [items, setItems] = useState<readonly MoreMenuItem[]>([]);
  useEffect(() => {
    if (enabled) void loadOperatorPages().then((module) => module.loadOperatorMenuItems(client)).then(setItems, () => undefined);
  }, [enabled, client]);
  return items;
}
