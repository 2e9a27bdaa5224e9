import { useMemo } from 'react';
import type { ReportFormValues } from '@hiraku/shared';
import { isApiError } from '../../api/apiError';
import { useEndpointQuery } from '../../query/endpointQuery';
import { localDraftStore } from '../../session/localDraftStore';
import type { AutosaveStart } from './ReportForm';

export interface ResumedDraft {
  loading: boolean;
  /** What the form shows first; null: nothing was being written, start as usual. */
  values: ReportFormValues | null;
  autosave: AutosaveStart | null;
}

/**
 * What the member was writing, for the form to continue. The row is the one the address names
 * (マイページ's link), the edited report's, or the one this browser was writing (a reload). Its words
 * are the server's, unless this browser holds words the server never confirmed (a crash, an expired
 * session): those win, and the form sends them.
 */
export function useResumedDraft({ member, reportId, autosaveId }: { member: string; reportId: number | null; autosaveId: number | null }): ResumedDraft {
  // Read once per form: the form itself rewrites the copy as the member types.
  const local = useMemo(() => {
    const copy = member === '' ? null : localDraftStore.read(member);
    const fits = copy !== null && copy.reportId === reportId && (reportId !== null || autosaveId === null || copy.autosaveId === autosaveId);
    return fits ? copy : null;
  }, [member, reportId, autosaveId]);
  const list = useEndpointQuery('autosaves.list', undefined, { enabled: reportId !== null && member !== '', staleTime: 0 });
  const rowId = reportId === null ? (autosaveId ?? local?.autosaveId ?? null) : (list.data?.autosaves.find((row) => row.reportId === reportId)?.id ?? null);
  const row = useEndpointQuery('autosaves.get', { params: { id: rowId ?? 0 } }, { enabled: rowId !== null, staleTime: 0, retry: false, gcTime: 0 });
  const rowGone = isApiError(row.error) && row.error.status === 404;
  const loading = (reportId !== null && member !== '' && list.isPending) || (rowId !== null && row.isPending);

  return useMemo((): ResumedDraft => {
    if (loading) return { loading, values: null, autosave: null };
    const server = row.data && !rowGone ? row.data : null;
    if (local && !local.synced) {
      // synced null when the server has none of it: the form sends the local words at once.
      return { loading, values: local.values, autosave: { autosaveId: server?.id ?? local.autosaveId, synced: server ? server.values : null } };
    }
    if (server) return { loading, values: server.values, autosave: { autosaveId: server.id, synced: server.values } };
    // Saved as a report or discarded elsewhere: the pointer is stale.
    if (local && member !== '') localDraftStore.clear(member);
    return { loading, values: null, autosave: null };
  }, [loading, row.data, rowGone, local, member]);
}
