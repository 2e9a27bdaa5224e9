import type { Model, ModelStatic, Sequelize, Transaction } from 'sequelize';

/**
 * What a write changed, as the caches care: the listings (feed pages, like-sorted catch-ups,
 * search answers) that may show `reportIds` (empty: any report, e.g. an author's suspension or a profile
 * name on every card), one member's list relations (blocks either way, mutes, muted words, hidden content
 * warnings, suspension; null: every member's, after a bulk write that does not name them), or the
 * operators' stored analytics days.
 */
export type CacheChange = { kind: 'lists'; reportIds: number[] } | { kind: 'relations'; memberId: number | null } | { kind: 'analytics' };

type Listener = (changes: CacheChange[]) => void;

/**
 * Listeners per database: the process's caches (cache/invalidation.ts). A registry, not a cache: raw
 * statements (counters.ts, warningSettings.ts) name their change with the Sequelize instance they hold.
 */
const listeners = new WeakMap<Sequelize, Set<Listener>>();
/** Changes a transaction made, told once it commits (never when it rolls back). */
const pending = new WeakMap<Transaction, CacheChange[]>();

export function onCacheChanges(sequelize: Sequelize, listener: Listener): () => void {
  let set = listeners.get(sequelize);
  if (!set) {
    set = new Set();
    listeners.set(sequelize, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

function tell(sequelize: Sequelize, changes: CacheChange[]): void {
  for (const listener of listeners.get(sequelize) ?? []) listener(changes);
}

/** The outermost transaction: a savepoint's afterCommit runs when it is released, before the data is visible. */
function outermost(transaction: Transaction): Transaction {
  let current = transaction as Transaction & { parent?: Transaction | null };
  while (current.parent) current = current.parent as Transaction & { parent?: Transaction | null };
  return current;
}

/**
 * Records `change`: told to the caches at once without a transaction, else after its commit, so a
 * read between the write and the commit cannot keep the old answer past it (cache/namedCache.ts).
 */
export function recordCacheChange(sequelize: Sequelize, change: CacheChange, transaction?: Transaction | null): void {
  if (!listeners.get(sequelize)?.size) return;
  if (!transaction) {
    tell(sequelize, [change]);
    return;
  }
  const root = outermost(transaction);
  let list = pending.get(root);
  if (!list) {
    const created: CacheChange[] = [];
    list = created;
    pending.set(root, created);
    root.afterCommit(() => {
      pending.delete(root);
      tell(sequelize, created);
    });
  }
  list.push(change);
}

/** A write that may change what listings show of `reportIds` (empty: of any report). */
export function listsChanged(sequelize: Sequelize, reportIds: readonly number[], options: { transaction?: Transaction | null } = {}): void {
  recordCacheChange(sequelize, { kind: 'lists', reportIds: [...new Set(reportIds.map(Number))] }, options.transaction);
}

/** A write that changes what `memberId`'s lists hide (and, for a block, what the other member's hide). */
export function relationsChanged(sequelize: Sequelize, memberId: number, options: { transaction?: Transaction | null } = {}): void {
  recordCacheChange(sequelize, { kind: 'relations', memberId: Number(memberId) }, options.transaction);
}

/**
 * Models whose rows no listing, card, search answer or list relation reads: written on ordinary traffic
 * (sessions, the bell, the notification worker's rounds, the search log, page views, outboxes), so they
 * must never drop the shared answers. A model not named anywhere here counts as changing listings: a new
 * table is safe by default, only slower until it is classified.
 */
const UNLISTED_MODELS = new Set([
  'AnalyticsEvent',
  'AuditLog',
  'BlockedEmailHash',
  'CaseNote',
  'ContactEnquiry',
  'DeletedAccount',
  'DisclosureRecord',
  'EmailChange',
  'Flag',
  'ImageFingerprint',
  'MailOutboxEntry',
  'ModerationCase',
  'NoticeTemplate',
  'Notification',
  'NotificationOutboxEntry',
  'OneTimeToken',
  'Passkey',
  'PasskeyChallenge',
  'RecoveryCode',
  'RefreshToken',
  'ReportAutosave',
  'SearchOutboxEntry',
  'SearchQuery',
  'SessionFamily',
  'Strike',
  'TakedownRequest',
  // Likes and comments reach the lists through reports' counters (visibility/counters.ts), which say so themselves.
  'Like',
  'Comment',
  // Announcements reach members through notifications only.
  'Announcement',
  // A member's saves: no card shows them, and the search inside one's saves (search/savedSearch.ts) keeps no answer.
  'Save',
  'Collection',
  'CollectionReport',
]);

/** Fields of a member whose change hides or shows all their reports and their relations (suspension, role). */
const USER_LISTING_FIELDS = ['suspendedAt', 'suspendedUntil', 'role'];

type Row = Model & Record<string, unknown>;
const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

type Event = 'create' | 'update' | 'destroy';
const relationsOf = (...ids: unknown[]): CacheChange[] =>
  ids.map(num).flatMap((id) => (id === null ? [] : [{ kind: 'relations' as const, memberId: id }]));

/** The changes a row written through a model makes, or none. `fields`: the fields an update wrote. */
function changesOfRow(modelName: string, row: Row, event: Event, fields: readonly string[]): CacheChange[] {
  switch (modelName) {
    case 'AnalyticsDaily':
      return [{ kind: 'analytics' }];
    case 'Block':
      return relationsOf(row.get('blockerId'), row.get('blockedId'));
    case 'Mute':
      return relationsOf(row.get('muterId'));
    case 'MutedWord':
      return relationsOf(row.get('userId'));
    case 'User':
      // A new member has no reports and no relations yet; most updates (sign-in, settings) change neither.
      if (event === 'create') return [];
      if (event === 'update' && !fields.some((field) => USER_LISTING_FIELDS.includes(field))) return [];
      return [{ kind: 'lists', reportIds: [] }, ...relationsOf(row.get('id'))];
    case 'Report':
      return [{ kind: 'lists', reportIds: [num(row.get('id'))].filter((id): id is number => id !== null) }];
    default: {
      if (UNLISTED_MODELS.has(modelName)) return [];
      // A new member's profile is on no card yet (signing up changes no listing).
      if (modelName === 'Profile' && event === 'create') return [];
      // A profile's name or a tag's shows on many cards; a row of one report (its tags, steps, saves) on that report's.
      const reportId = ['Profile', 'Tag', 'Category'].includes(modelName) ? null : num(row.get('reportId'));
      return [{ kind: 'lists', reportIds: reportId === null ? [] : [reportId] }];
    }
  }
}

/** Bulk statements (Model.update / destroy with a where): by kind, without rows to name ids from. */
function changesOfBulk(modelName: string, where: unknown, fields: readonly string[] | undefined): CacheChange[] {
  if (modelName === 'AnalyticsDaily') return [{ kind: 'analytics' }];
  if (modelName === 'User' && fields && !fields.some((field) => USER_LISTING_FIELDS.includes(field))) return [];
  if (UNLISTED_MODELS.has(modelName)) return [];
  const id = modelName === 'Report' ? (where as { id?: unknown } | undefined)?.id : undefined;
  const reportIds = typeof id === 'number' || typeof id === 'string' ? [Number(id)] : Array.isArray(id) ? id.map(Number) : [];
  const changes: CacheChange[] = [{ kind: 'lists', reportIds }];
  // Relations written in bulk (an account's deletion): which members is not told, so every member's go.
  if (['Block', 'Mute', 'MutedWord', 'User'].includes(modelName)) changes.push({ kind: 'relations', memberId: null });
  return changes;
}

const hookName = 'cacheChanges';
const HOOK_TYPES = ['afterCreate', 'afterUpdate', 'afterDestroy', 'afterUpsert', 'afterBulkCreate', 'afterBulkUpdate', 'afterBulkDestroy'] as const;

/**
 * Model hooks on every model of `sequelize`: each write through a model records what it changed,
 * on its transaction, told after the commit, so no write path can forget. Raw statements call
 * listsChanged / relationsChanged themselves (visibility/counters.ts, reportMatchText.ts, reportLikeLevels.ts,
 * contentWarnings/warningSettings.ts). Idempotent: the hooks are named, and replaced. The model classes
 * are the module's own, initialised again for each database a test opens, so a hook tells the database
 * its model is bound to when it runs.
 */
export function installCacheChangeHooks(sequelize: Sequelize): void {
  for (const model of Object.values(sequelize.models) as Array<ModelStatic<Model>>) {
    const name = model.name;
    for (const type of HOOK_TYPES) model.removeHook(type, hookName);
    const record = (changes: CacheChange[], transaction: Transaction | null | undefined) => {
      const owner = model.sequelize ?? sequelize;
      for (const change of changes) recordCacheChange(owner, change, transaction);
    };
    // Sequelize types each hook's options apart; these are the parts every one of them carries.
    type Options = { transaction?: Transaction | null; fields?: readonly PropertyKey[]; where?: unknown; attributes?: unknown };
    model.addHook('afterCreate', hookName, (row: Model, options: Options) => record(changesOfRow(name, row as Row, 'create', []), options.transaction));
    model.addHook('afterUpdate', hookName, (row: Model, options: Options) => record(changesOfRow(name, row as Row, 'update', (options.fields ?? []).map(String)), options.transaction));
    model.addHook('afterDestroy', hookName, (row: Model, options: Options) => record(changesOfRow(name, row as Row, 'destroy', []), options.transaction));
    model.addHook('afterUpsert', hookName, (_result: unknown, options: Options) => record(changesOfBulk(name, undefined, options.fields?.map(String)), options.transaction));
    model.addHook('afterBulkCreate', hookName, (rows: Model[], options: Options) =>
      record(
        rows.flatMap((row) => changesOfRow(name, row as Row, 'create', [])),
        options.transaction,
      ),
    );
    model.addHook('afterBulkUpdate', hookName, (options: Options) => record(changesOfBulk(name, options.where, Object.keys((options.attributes ?? {}) as object)), options.transaction));
    model.addHook('afterBulkDestroy', hookName, (options: Options) => record(changesOfBulk(name, options.where, undefined), options.transaction));
  }
}
