import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SavedIds } from '@hiraku/shared';
import { useApi } from '../api/ApiContext';
import { endpointQueryKey, useEndpointQuery } from '../query/endpointQuery';

/*
 * 保存 on the client: the member's saved ids are read once and kept (the buttons on every
 * card read them), and each change updates them in place and has the /saved lists read again.
 */

const SAVED_IDS_KEY = endpointQueryKey('saves.ids');

/** Whether each report is saved, by id; undefined until the ids have come. */
export function useSavedIds(): ReadonlySet<number> | undefined {
  return useEndpointQuery('saves.ids', undefined, { staleTime: 60_000, select: (answer: SavedIds) => new Set(answer.reportIds) }).data;
}

/** After any change of saves or collections: the lists of /saved are read again when next shown. */
export function invalidateSavedLists(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    (['saves.list', 'saves.search', 'collections.list', 'collections.reports'] as const).map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
  );
}

/** Saves or unsaves one report; the ids are updated from the answer. */
export function useSaveToggle(reportId: number) {
  const { call } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: boolean) => (save ? call('saves.add', { params: { reportId } }) : call('saves.remove', { params: { reportId } })),
    onSuccess: async (answer) => {
      queryClient.setQueryData<SavedIds>(SAVED_IDS_KEY, (old) => {
        if (!old) return old;
        const others = old.reportIds.filter((id) => id !== reportId);
        return { reportIds: answer.saved ? [reportId, ...others] : others };
      });
      await invalidateSavedLists(queryClient);
    },
  });
}

/** Files a report in a collection or takes it out; filing also saves it. */
export function useCollectionMembership(reportId: number) {
  const { call } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ collectionId, inside }: { collectionId: number; inside: boolean }) =>
      inside
        ? call('collections.addReport', { params: { id: collectionId, reportId } })
        : call('collections.removeReport', { params: { id: collectionId, reportId } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: SAVED_IDS_KEY });
      await invalidateSavedLists(queryClient);
    },
  });
}
