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
 * What the member was writing (issue 39), for the form to continue: the server's row named in the address
 * (a new report) or kept for the edited report, and over it this device's copy of words the server never
 * got (a crash, an expired session), which the form then sends.
 */
export function useResumedDraft({ member, reportId, autosaveId }: { member: string; reportId: number | null; autosaveId: number | null }): ResumedDraft {
  const list = useEndpointQuery('autosaves.list', undefined, { enabled: reportId !== null && member !== '', staleTime: 0 });
  const rowId = reportId === null ? autosaveId : (list.data?.autosaves.find((row) => row.reportId === reportId)?.id ?? null);
  const row = useEndpointQuery('autosaves.get', { params: { id: rowId ?? 0 } }, { enabled: rowId !== null, staleTime: 0, retry: false, gcTime: 0 });
  const rowMissing = isApiError(row.error) && row.error.status === 404;
  const loading = (reportId !== null && list.isPending && member !== '') || (rowId !== null && row.isPending);

  return useMemo(() => {
    if (loading) return { loading, values: null, autosave: null };
    const server = row.data && !rowMissing ? row.data : null;
    const local = member === '' ? null : localDraftStore.read(member);
    // The edited report's copy; for a new report, the copy of the row in the address, or any when none is named.
    const localFits = local !== null && local.reportId === reportId && (reportId !== null || autosaveId === null || local.autosaveId === autosaveId);
    if (localFits) {
      // synced null: the server has none of it yet, so the form sends the local words at once.
      return { loading, values: local.values, autosave: { autosaveId: server?.id ?? local.autosaveId, synced: server ? server.values : null } };
    }
    if (server) return { loading, values: server.values, autosave: { autosaveId: server.id, synced: server.values } };
    return { loading, values: null, autosave: null };
  }, [loading, row.data, rowMissing, member, reportId, autosaveId]);
}
