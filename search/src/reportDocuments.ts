import type { SearchClient } from './client';
import { REPORTS_PRIMARY_KEY, type ReportSearchDocument } from './reportsIndex';
import { parsePositiveId } from './searchFilters';
import { waitForSuccess } from './tasks';

/** Adds or replaces whole documents and waits until they are searchable. */
export async function upsertReportDocuments(client: SearchClient, indexUid: string, documents: readonly ReportSearchDocument[]): Promise<void> {
  if (documents.length === 0) return;
  await waitForSuccess(
    client,
    client.index<ReportSearchDocument>(indexUid).addDocuments([...documents], { primaryKey: REPORTS_PRIMARY_KEY }),
    `upsert ${documents.length} reports into ${indexUid}`,
  );
}

/** Removes documents by report id (unknown ids are fine) and waits until they no longer match. */
export async function deleteReportDocuments(client: SearchClient, indexUid: string, ids: readonly (number | string)[]): Promise<void> {
  const validIds = ids.map((id) => parsePositiveId('id', id));
  if (validIds.length === 0) return;
  await waitForSuccess(client, client.index(indexUid).deleteDocuments(validIds), `delete ${validIds.length} reports from ${indexUid}`);
}
