import type { EnqueuedTaskPromise, Task } from 'meilisearch';

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

/** Waits for the task and throws unless it succeeded, so a failed write is never mistaken for a done one. */
export async function waitForSuccess(enqueued: EnqueuedTaskPromise, what: string, timeoutMs = TASK_TIMEOUT_MS): Promise<Task> {
  return assertSucceeded(await enqueued.waitTask({ timeout: timeoutMs }), what);
}

export function assertSucceeded(task: Task, what: string): Task {
  if (task.status !== 'succeeded') throw new SearchTaskError(task, what);
  return task;
}
