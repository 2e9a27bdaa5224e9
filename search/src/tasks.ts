import { setTimeout as sleep } from 'node:timers/promises';
import { MeilisearchTaskTimeOutError, type EnqueuedTaskPromise, type Task } from 'meilisearch';
import type { SearchClient } from './client';

/** Settings and document tasks on a large index can take minutes; the client's default is 5 s. */
export const TASK_TIMEOUT_MS = 5 * 60_000;

export class SearchTaskError extends Error {
  override name = 'SearchTaskError';
  constructor(
    readonly task: Task,
    what: string,
  ) {
    const reason = task.error ? `${task.error.code}: ${task.error.message}` : `status ${task.status}`;
    super(`Meilisearch task ${task.uid} (${what}, ${task.type} on ${task.indexUid ?? '-'}) did not succeed: ${reason}`);
  }
}

const POLL_INTERVAL_MS = 50;

/**
 * Polls the task until Meilisearch has processed it (or `timeoutMs` has passed). Not the client's own
 * `waitTask`: when a poll fails because the engine went away, that leaves its time-out timer running,
 * and with our five-minute limit every write that met a crashed engine kept the process alive (and a
 * graceful shutdown waiting) for five minutes. The signals here hold no timer that outlives the wait.
 */
export async function waitForTask(client: SearchClient, enqueued: EnqueuedTaskPromise, timeoutMs = TASK_TIMEOUT_MS): Promise<Task> {
  const { taskUid } = await enqueued;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) throw new MeilisearchTaskTimeOutError(taskUid, timeoutMs);
    const task = await getTaskWithin(client, taskUid, left);
    if (task.status !== 'enqueued' && task.status !== 'processing') return task;
    await sleep(POLL_INTERVAL_MS);
  }
}

/** One poll, abandoned after `ms`; its timer is cleared however the poll ends. */
async function getTaskWithin(client: SearchClient, taskUid: number, ms: number): Promise<Task> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new MeilisearchTaskTimeOutError(taskUid, ms)), ms);
  try {
    return await client.tasks.getTask(taskUid, { signal: controller.signal });
  } finally {
    clearTimeout(timer);
  }
}

/** Waits for the task and throws unless it succeeded, so a failed write is never mistaken for a done one. */
export async function waitForSuccess(client: SearchClient, enqueued: EnqueuedTaskPromise, what: string, timeoutMs = TASK_TIMEOUT_MS): Promise<Task> {
  return assertSucceeded(await waitForTask(client, enqueued, timeoutMs), what);
}

export function assertSucceeded(task: Task, what: string): Task {
  if (task.status !== 'succeeded') throw new SearchTaskError(task, what);
  return task;
}
