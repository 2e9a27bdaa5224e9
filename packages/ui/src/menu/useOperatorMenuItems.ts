import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/ApiContext';
import { loadOperatorPages } from '../routes/groups/loadOperatorPages';
import type { MoreMenuItem } from './moreMenuItems';

const NONE: readonly MoreMenuItem[] = [];

/**
 * The operators' entries of the その他 menu, loaded (with the pending count) each time an operator opens
 * it: their words and the count's fetch live in the operators' chunk, outside every member's first page
 * (which is at its size budget). If the chunk cannot be had, the menu simply lacks them.
 */
export function useOperatorMenuItems(enabled: boolean): readonly MoreMenuItem[] {
  const { client } = useApi();
  const { data } = useQuery({
    queryKey: ['operatorMenuItems'],
    queryFn: () => loadOperatorPages().then((module) => module.loadOperatorMenuItems(client)),
    enabled,
    // Never fresh: each opening of the menu asks for the count again (shown meanwhile: the last one).
    staleTime: 0,
  });
  return data ?? NONE;
}
