/** Rows changed by a raw UPDATE or DELETE, as MySQL (a result header) and SQLite (the statement's `changes`) report them. */
export function affectedRows(result: readonly unknown[]): number {
  for (const part of [...result].reverse()) {
    if (typeof part === 'number') return part;
    if (part && typeof part === 'object') {
      const value = part as { affectedRows?: number; changes?: number };
      if (value.affectedRows !== undefined || value.changes !== undefined) return Number(value.affectedRows ?? value.changes);
    }
  }
  return 0;
}
