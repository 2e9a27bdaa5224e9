import { useCallback, useEffect, useRef, useState } from 'react';
import { COOKIE_NAMES, endpointPath, LIMITS, XSRF_HEADER, autosaveValuesOf, type ReportAutosaveValues, type ReportFormValues } from '@hiraku/shared';
import { useApi } from '../../api/ApiContext';
import { isApiError } from '../../api/apiError';
import { readDocumentCookie } from '../../api/cookies';
import { usePlatform } from '../../platform/PlatformContext';
import { localDraftStore } from '../../session/localDraftStore';

/** saved: the server holds what is on screen; local: only this device does, until the server answers again. */
export type AutosaveStatus = 'idle' | 'saved' | 'local';

/** After a failed save, the next try comes this long later even if the member types nothing more. */
const RETRY_MS = 10_000;

export interface ReportAutosaveOptions {
  /** Whose words these are: the local copy is kept per member. */
  member: string;
  reportId: number | null;
  /** The server row this form continues, if any. */
  autosaveId: number | null;
  values: ReportFormValues;
  /** What the server already holds (or the untouched form): nothing is sent until the values differ; null: send at once. */
  synced: ReportFormValues | null;
}

/**
 * The report form's autosave: a few seconds after the last change, and when the page is
 * hidden or left, the values go to the server (one row per report being written). This browser keeps
 * which row it is (a reload continues it) and the words the server has not confirmed yet, so a crash or
 * an expired session loses nothing.
 */
export function useReportAutosave(options: ReportAutosaveOptions) {
  const { call } = useApi();
  const platform = usePlatform();
  const [status, setStatus] = useState<AutosaveStatus>('idle');
  const [pending, setPending] = useState(false);
  const id = useRef(options.autosaveId);
  const confirmed = useRef(options.synced === null ? '' : JSON.stringify(autosaveValuesOf(options.synced)));
  const latest = useRef<ReportAutosaveValues>(autosaveValuesOf(options.values));
  const inFlight = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stopped = useRef(false);
  const mounted = useRef(true);
  const flushRef = useRef<() => Promise<void>>(() => Promise.resolve());
  const props = useRef(options);
  props.current = options;

  const keepLocal = useCallback((synced: boolean) => {
    const { member, reportId } = props.current;
    localDraftStore.write(member, { autosaveId: id.current, reportId, values: latest.current, synced });
  }, []);

  const send = useCallback(async (): Promise<void> => {
    if (stopped.current) return;
    const values = latest.current;
    const text = JSON.stringify(values);
    if (text === confirmed.current) return;
    try {
      if (id.current !== null) {
        try {
          await call('autosaves.update', { params: { id: id.current }, body: { values } });
        } catch (error) {
          // Discarded from another device meanwhile: what is on screen starts a row of its own.
          if (!(isApiError(error) && error.status === 404)) throw error;
          id.current = null;
        }
      }
      if (id.current === null) {
        const { autosave } = await call('autosaves.create', { body: { reportId: props.current.reportId, values } });
        id.current = autosave.id;
      }
      confirmed.current = text;
      const caughtUp = JSON.stringify(latest.current) === text;
      keepLocal(caughtUp);
      if (caughtUp && mounted.current) {
        setPending(false);
        setStatus('saved');
      }
    } catch {
      keepLocal(false);
      if (mounted.current) setStatus('local');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flushRef.current(), RETRY_MS);
    }
  }, [call, keepLocal]);

  /** One save at a time, in order; a change made during one is sent right after it. */
  const flush = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    while (inFlight.current) await inFlight.current;
    const run = send().finally(() => {
      inFlight.current = null;
    });
    inFlight.current = run;
    await run;
  }, [send]);
  flushRef.current = flush;

  const text = JSON.stringify(autosaveValuesOf(options.values));
  useEffect(() => {
    if (stopped.current) return;
    latest.current = JSON.parse(text) as ReportAutosaveValues;
    if (text === confirmed.current) return;
    setPending(true);
    keepLocal(false);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), LIMITS.reportAutosaveDelayMs);
  }, [text, flush, keepLocal]);

  // Leaving the page (tab closed, reload, another site): a request that outlives the page, for a row
  // the server already has; the local copy covers a first save and the desktop app, which has no such request.
  useEffect(() => {
    const onHide = () => {
      if (stopped.current || id.current === null || JSON.stringify(latest.current) === confirmed.current || platform.kind !== 'web') return;
      const xsrf = readDocumentCookie(COOKIE_NAMES.xsrf);
      void fetch(`${platform.apiBaseUrl}${endpointPath('autosaves.update', { id: id.current })}`, {
        method: 'PUT',
        keepalive: true,
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', ...(xsrf ? { [XSRF_HEADER]: xsrf } : {}) },
        body: JSON.stringify({ values: latest.current }),
      }).catch(() => undefined);
    };
    window.addEventListener('pagehide', onHide);
    return () => window.removeEventListener('pagehide', onHide);
  }, [platform]);

  // Leaving the form inside the app: what is not sent yet goes now (the request outlives the screen).
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
      void flush();
    };
  }, [flush]);

  /** The report itself was saved: nothing more is autosaved, and the row and the local copy go. */
  const finish = useCallback(async () => {
    stopped.current = true;
    clearTimeout(timer.current);
    await inFlight.current?.catch(() => undefined);
    localDraftStore.clear(props.current.member);
    const row = id.current;
    id.current = null;
    if (row !== null) await call('autosaves.remove', { params: { id: row } }).catch(() => undefined);
  }, [call]);

  return { status, pending, finish };
}
