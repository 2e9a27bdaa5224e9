export interface SlotLimiter {
  /** Runs `work` once fewer than `slots` runs are in progress; later callers wait in arrival order. */
  run<T>(work: () => Promise<T>): Promise<T>;
}

export function createSlotLimiter(slots: number): SlotLimiter {
  if (!Number.isSafeInteger(slots) || slots < 1) throw new Error(`slots must be a positive integer: ${slots}`);
  let active = 0;
  const waiting: Array<() => void> = [];
  return {
    async run(work) {
      if (active < slots) active += 1;
      // A finishing run hands its slot straight to the next waiter, so `active` stays as it is.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active -= 1;
      }
    },
  };
}
