import type { EndpointCaller } from './endpointClient';
import type { UploadProgress } from './transport';

export interface ReportSaveOptions {
  /** Reports how much of the multipart body (the image, mostly) has been sent. */
  onUploadProgress?: (progress: UploadProgress) => void;
}

/** Play reports (docs/product.md §7). Writes are multipart: build the body with reportFormEntries(). */
export function createReportsApi(call: EndpointCaller) {
  return {
    get: (id: number | string, signal?: AbortSignal) => call('reports.get', { params: { id } }, { signal }),
    // No time limit: a large image on a slow line takes longer than 15 s, and the form shows progress instead.
    create: (body: FormData, { onUploadProgress }: ReportSaveOptions = {}) => call('reports.create', { body }, { onUploadProgress, timeoutMs: null }),
    update: (id: number | string, body: FormData, { onUploadProgress }: ReportSaveOptions = {}) =>
      call('reports.update', { params: { id }, body }, { onUploadProgress, timeoutMs: null }),
    remove: (id: number | string) => call('reports.remove', { params: { id } }),
  };
}

export type ReportsApi = ReturnType<typeof createReportsApi>;
