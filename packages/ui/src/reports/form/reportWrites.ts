import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UploadProgress } from '../../api/transport';
import { useApi } from '../../api/ApiContext';
import { forgetReport, setSavedReport } from '../../query/reportCache';

/**
 * The report form's two writes, apart from the form: saving (a new report, or the one being edited,
 * with upload progress when it carries an image) and deleting. Each keeps the cached lists and the
 * report's page right on success (src/query/reportCache.ts).
 */
export function useSaveReport() {
  const { reports } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, body, onUploadProgress }: { reportId: number | null; body: FormData; onUploadProgress?: (progress: UploadProgress) => void }) =>
      reportId === null ? reports.create(body, { onUploadProgress }) : reports.update(reportId, body, { onUploadProgress }),
    onSuccess: (saved) => void setSavedReport(queryClient, saved.report),
  });
}

export function useDeleteReport() {
  const { reports } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reportId: number) => reports.remove(reportId),
    onSuccess: (_answer, reportId) => void forgetReport(queryClient, reportId),
  });
}
