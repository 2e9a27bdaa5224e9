import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndpointKey, MutedWordInput } from '@hiraku/shared';
import { useApi } from '../api/ApiContext';
import { endpointQueryKey } from '../query/endpointQuery';

/**
 * The answers a block, mute or muted word changes: the lists of the 設定 screen and every list
 * or page of reports and comments, which the server now filters differently.
 */
const AFFECTED: readonly EndpointKey[] = [
  'blocks.list',
  'mutes.list',
  'mutedWords.list',
  'reports.feed',
  'search.reports',
  'reports.byMember',
  'reports.get',
  'comments.list',
  'profile.public',
];

function useInvalidateAffected() {
  const queryClient = useQueryClient();
  return () => Promise.all(AFFECTED.map((key) => queryClient.invalidateQueries({ queryKey: endpointQueryKey(key) })));
}

/** Blocks (`on`) or unblocks a member. */
export function useBlockMutation() {
  const { call } = useApi();
  const invalidate = useInvalidateAffected();
  return useMutation({
    mutationFn: ({ publicId, on }: { publicId: string; on: boolean }) => call(on ? 'blocks.create' : 'blocks.remove', { params: { publicId } }),
    onSuccess: invalidate,
  });
}

/** Mutes (`on`, until lifted) or unmutes a member. */
export function useMuteMutation() {
  const { call } = useApi();
  const invalidate = useInvalidateAffected();
  return useMutation({
    mutationFn: ({ publicId, on }: { publicId: string; on: boolean }) =>
      on ? call('mutes.create', { params: { publicId }, body: {} }) : call('mutes.remove', { params: { publicId } }),
    onSuccess: invalidate,
  });
}

export function useAddMutedWordMutation() {
  const { call } = useApi();
  const invalidate = useInvalidateAffected();
  return useMutation({ mutationFn: (input: MutedWordInput) => call('mutedWords.create', { body: input }), onSuccess: invalidate });
}

export function useRemoveMutedWordMutation() {
  const { call } = useApi();
  const invalidate = useInvalidateAffected();
  return useMutation({ mutationFn: (id: number) => call('mutedWords.remove', { params: { id } }), onSuccess: invalidate });
}
