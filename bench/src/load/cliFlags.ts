/**
 * The flags of the benchmark scripts with a command of their own (bench:scaleout, bench:notifications):
 * `--name value` pairs, and switches without a value.
 */
export interface CliFlags {
  has(name: string): boolean;
  /** A positive integer flag, or `fallback` when it is not given. */
  int(name: string, fallback: number): number;
}

export function parseCliFlags(argv: readonly string[], switches: readonly string[]): CliFlags {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (switches.includes(arg.slice(2))) flags.set(arg.slice(2), 'true');
    else if (arg.startsWith('--')) flags.set(arg.slice(2), argv[(i += 1)] ?? '');
  }
  return {
    has: (name) => flags.has(name),
    int(name, fallback) {
      const value = flags.has(name) ? Number(flags.get(name)) : fallback;
      if (!Number.isSafeInteger(value) || value < 1) throw new Error(`--${name} expects a positive integer`);
      return value;
    },
  };
}
