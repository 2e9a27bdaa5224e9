import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { AUTOSAVE_TEXTS, formatDateTimeJa, type ReportAutosaveSummary } from '@hiraku/shared';
import { useApi } from '../api/ApiContext';
import { errorMessage } from '../api/apiError';
import { useNotice } from '../notice/NoticeContext';
import { usePlatform } from '../platform/PlatformContext';
import { endpointQueryKey, useEndpointQuery } from '../query/endpointQuery';
import { editReportPath, PATHS } from '../routes/paths';
import { useSession } from '../session';
import { localDraftStore } from '../session/localDraftStore';

const t = AUTOSAVE_TEXTS;

/** Where a row is continued: the new-report form naming the row, or the edited report's form (which finds it). */
function resumePath(row: ReportAutosaveSummary): string {
  return row.reportId === null ? `${PATHS.createReport}?autosave=${row.id}` : editReportPath(row.reportId);
}

/**
 * マイページ's reports being written: every autosaved form of the member, from any device,
 * newest first, each to continue or discard. Nothing shows while there are none.
 */
export function AutosaveList() {
  const { call } = useApi();
  const platform = usePlatform();
  const { showNotice } = useNotice();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const list = useEndpointQuery('autosaves.list', undefined, { staleTime: 0 });
  const discard = useMutation({
    mutationFn: (id: number) => call('autosaves.remove', { params: { id } }),
    onSuccess: (answer, id) => {
      // This browser's pointer to the row goes too, so the form does not try to continue it.
      const member = user?.publicId;
      if (member && localDraftStore.read(member)?.autosaveId === id) localDraftStore.clear(member);
      showNotice(answer.message, 'success');
      void queryClient.invalidateQueries({ queryKey: endpointQueryKey('autosaves.list') });
    },
    onError: (error) => showNotice(errorMessage(error, t.notFound), 'error'),
  });
  const rows = list.data?.autosaves ?? [];
  if (rows.length === 0) return null;
  return (
    <section className="dashboard__autosaves" aria-labelledby="dashboard-autosaves-heading">
      <h2 id="dashboard-autosaves-heading" className="section-heading">
        {t.listHeading}
      </h2>
      <p className="field__hint">{t.listHint}</p>
      <ul className="report-rows">
        {rows.map((row) => {
          const title = row.title || t.untitled;
          return (
            <li key={row.id} className="report-row">
              <div className="report-row__body">
                {row.reportId !== null && (
                  <p className="report-row__status">
                    <span className="status-tag status-tag--draft">{t.editing}</span>
                  </p>
                )}
                <h3 className="report-row__title">{title}</h3>
                <p className="report-row__description">
                  <time dateTime={row.updatedAt}>{t.updatedAt(formatDateTimeJa(row.updatedAt))}</time>
                </p>
                <div className="report-row__footer">
                  <Link to={resumePath(row)} className="button button--primary report-row__action" aria-label={`${title}：${t.resume}`}>
                    {t.resume}
                  </Link>
                  <button
                    type="button"
                    className="button button--ghost report-row__action"
                    aria-label={`${title}：${t.discard}`}
                    disabled={discard.isPending}
                    onClick={() => {
                      void platform.confirm(t.discardConfirm).then((yes) => yes && discard.mutate(row.id));
                    }}
                  >
                    {t.discard}
                  </button>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
