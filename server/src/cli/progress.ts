import cliProgress from 'cli-progress';

export interface Progress {
  update(done: number, total?: number): void;
  stop(): void;
}

/** A progress bar on a terminal; plain periodic lines when output is piped (CI logs stay readable). */
export function createProgress(label: string, total: number): Progress {
  if (process.stdout.isTTY) {
    const bar = new cliProgress.SingleBar({ format: `${label} [{bar}] {percentage}% | {value}/{total}` }, cliProgress.Presets.shades_classic);
    bar.start(total, 0);
    return {
      update: (done, newTotal) => {
        if (newTotal !== undefined) bar.setTotal(newTotal);
        bar.update(done);
      },
      stop: () => bar.stop(),
    };
  }
  let lastShown = -1;
  let currentTotal = total;
  return {
    update(done, newTotal) {
      if (newTotal !== undefined) currentTotal = newTotal;
      const percent = currentTotal === 0 ? 100 : Math.floor((done / currentTotal) * 100);
      if (percent >= lastShown + 10 || done === currentTotal) {
        lastShown = percent;
        console.info(`${label}: ${done}/${currentTotal} (${percent}%)`);
      }
    },
    stop: () => undefined,
  };
}
