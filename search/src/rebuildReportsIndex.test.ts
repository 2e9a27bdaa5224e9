import type { SearchClient } from './client';
import { rebuildReportsIndex } from './rebuildReportsIndex';
import { reportDocument } from '../test/support';

interface FakeTask {
  uid: number;
  indexUid: string;
  type: string;
  status: 'enqueued' | 'succeeded' | 'failed';
  documents: number;
}

/**
 * Meilisearch's client at the boundary, with an engine that indexes nothing until it is polled: then it
 * processes every task queued so far in one run, as Meilisearch batches the additions queued for an index.
 * It records how many documents were queued and not yet indexed each time a batch arrived, and how many
 * polls were open at once.
 */
function fakeEngine(options: { failBatch?: number } = {}) {
  const tasks: FakeTask[] = [];
  const documentsByIndex = new Map<string, number>();
  const queuedAtEachAddition: number[] = [];
  let openPolls = 0;
  let mostOpenPolls = 0;

  const enqueue = (indexUid: string, type: string, documents = 0) => {
    const task: FakeTask = { uid: tasks.length + 1, indexUid, type, status: 'enqueued', documents };
    tasks.push(task);
    return Object.assign(Promise.resolve({ taskUid: task.uid, indexUid, status: 'enqueued', type }), { waitTask: () => Promise.reject(new Error('not used')) });
  };
  const processQueued = () => {
    for (const task of tasks.filter((t) => t.status === 'enqueued')) {
      const batch = tasks.filter((t) => t.type === 'documentAdditionOrUpdate').indexOf(task) + 1;
      if (batch > 0 && batch === options.failBatch) {
        task.status = 'failed';
        continue;
      }
      task.status = 'succeeded';
      if (task.type === 'documentAdditionOrUpdate') documentsByIndex.set(task.indexUid, (documentsByIndex.get(task.indexUid) ?? 0) + task.documents);
    }
  };
  const unindexed = () => tasks.filter((t) => t.status === 'enqueued').reduce((sum, t) => sum + t.documents, 0);

  const client = {
    getRawIndexes: () => Promise.resolve({ results: [], total: 0, offset: 0, limit: 100 }),
    createIndex: (uid: string) => enqueue(uid, 'indexCreation'),
    deleteIndex: (uid: string) => enqueue(uid, 'indexDeletion'),
    swapIndexes: () => enqueue('', 'indexSwap'),
    index: (uid: string) => ({
      updateSettings: () => enqueue(uid, 'settingsUpdate'),
      addDocuments: (documents: unknown[]) => {
        queuedAtEachAddition.push(unindexed());
        return enqueue(uid, 'documentAdditionOrUpdate', documents.length);
      },
      getStats: () => Promise.resolve({ numberOfDocuments: documentsByIndex.get(uid) ?? 0 }),
    }),
    tasks: {
      getTask: async (taskUid: number) => {
        openPolls += 1;
        mostOpenPolls = Math.max(mostOpenPolls, openPolls);
        await new Promise((resolve) => setImmediate(resolve));
        processQueued();
        openPolls -= 1;
        const task = tasks[taskUid - 1]!;
        return { ...task, error: task.status === 'failed' ? { code: 'invalid_document_id', message: 'refused' } : null };
      },
    },
  };
  return { client: client as unknown as SearchClient, queuedAtEachAddition, mostOpenPolls: () => mostOpenPolls };
}

const documents = (count: number) => [Array.from({ length: count }, (_, index) => reportDocument(index + 1))];

describe('rebuildReportsIndex, what it keeps queued', () => {
  it('queues batches without waiting for each, up to its bound in documents, and polls one task at a time', async () => {
    const engine = fakeEngine();

    const result = await rebuildReportsIndex(engine.client, { prefix: 'unit', documents: documents(40), batchSize: 2, maxDocumentsInFlight: 6 });

    expect(result.documentCount).toBe(40);
    // Before each batch is sent, at most the bound is waiting; the bound is reached, so batches overlap.
    expect(Math.max(...engine.queuedAtEachAddition)).toBe(6);
    expect(engine.mostOpenPolls()).toBe(1);
  });

  it('fails, without swapping, when an early batch failed and later ones succeeded', async () => {
    const engine = fakeEngine({ failBatch: 1 });

    await expect(rebuildReportsIndex(engine.client, { prefix: 'unit', documents: documents(10), batchSize: 2, maxDocumentsInFlight: 100 })).rejects.toThrow(/did not succeed: invalid_document_id/);
  });
});
