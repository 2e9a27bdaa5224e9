export { checkSearchHealth, createSearchClient, type SearchClient, type SearchClientOptions } from './client';
export {
  findFreePort,
  LocalMeilisearchStartError,
  startLocalMeilisearch,
  type LocalMeilisearch,
  type LocalMeilisearchOptions,
} from './localMeilisearch';
export {
  attemptAfterExit,
  DEFAULT_RESTART_BACKOFF,
  restartDelayMs,
  superviseLocalMeilisearch,
  type RestartBackoff,
  type SupervisedMeilisearch,
  type SupervisedMeilisearchOptions,
  type SupervisorEvent,
} from './supervisedMeilisearch';
export {
  installVerifiedMeilisearch,
  MEILISEARCH_BINARY_SHA256,
  MeilisearchBinaryError,
  noLocalMeilisearchMessage,
  resolveBundledMeilisearch,
  sha256OfFile,
} from './meilisearchBinary';
export { expandQuery, foldForMatching, glossaryGroupOf, MAX_QUERY_VARIANTS, normalizeWord } from './queryExpansion';
export {
  buildIndexPrefix,
  rebuildReportsIndex,
  type RebuildProgress,
  type RebuildReportsIndexOptions,
  type RebuildResult,
} from './rebuildReportsIndex';
export { deleteReportDocuments, upsertReportDocuments } from './reportDocuments';
export {
  applyReportsIndexSettings,
  createIndexIfMissing,
  REPORT_DISPLAYED_ATTRIBUTES,
  REPORTS_PRIMARY_KEY,
  reportsIndexSettings,
  reportsIndexUid,
  SEARCH_LOCALES,
  type ReportSearchDocument,
} from './reportsIndex';
export { buildHiddenWarningsFilter, buildReportFilter, parseFilterId, type HiddenWarningsFilter, parsePositiveId, type FilterIdInput, type ReportSearchFilters } from './searchFilters';
export { searchableText } from './searchableText';
export { SearchInputError } from './searchInputError';
export { searchReportIds, type ReportSearchParams, type ReportSearchResult } from './searchReports';
export { buildSynonyms, SYNONYM_GROUPS } from './synonyms';
export { SearchTaskError, TASK_TIMEOUT_MS, waitForSuccess, waitForTask } from './tasks';
