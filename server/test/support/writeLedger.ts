type Value = string | number | boolean | null;

export interface LedgerMismatch {
  key: string;
  actual: unknown;
  possible: Value[];
}

/**
 * What members were told about their writes, and so what the database may hold afterwards. For each
 * thing written (a report's title, a like, a comment) it keeps the values the database may hold: the
 * value of the last acknowledged (2xx) write, plus the value of every later write that got no 2xx, which
 * may or may not have been committed before its answer was lost. A read-back outside that set is an
 * acknowledged write lost (or a refused one applied). Writes to one key must be sent one after another.
 */
export class WriteLedger {
  private readonly possible = new Map<string, Set<Value>>();

  /** A write that was acknowledged before the ledger heard of its key (e.g. a creation answered with its id). */
  acknowledged(key: string, value: Value): void {
    this.possible.set(key, new Set([value]));
  }

  /** Call before sending a write to `key`; give the answer's status to the returned function. */
  attempt(key: string, value: Value, initial?: Value): (status: number) => void {
    if (!this.possible.has(key)) {
      if (initial === undefined) throw new Error(`no initial value for ${key}`);
      this.possible.set(key, new Set([initial]));
    }
    return (status) => {
      if (status >= 200 && status < 300) this.possible.set(key, new Set([value]));
      else this.possible.get(key)?.add(value);
    };
  }

  size(): number {
    return this.possible.size;
  }

  /** Every key whose stored value is not one the answers allow. */
  async mismatches(readBack: (key: string) => Promise<unknown>): Promise<LedgerMismatch[]> {
    const found: LedgerMismatch[] = [];
    for (const [key, values] of this.possible) {
      const actual = await readBack(key);
      if (!values.has(actual as Value)) found.push({ key, actual, possible: [...values] });
    }
    return found;
  }
}
