/**
 * The V8 flags `npm run serve` starts the server with (the root package.json; docs/deployment.md, "Node's
 * memory"), so the benchmark's API process runs as production does. A young generation of 8 MiB semi-spaces
 * instead of V8's 16: under the probe's load (bench/src/server/memoryProbe.ts) the highest RSS fell from
 * 237-245 MiB to 207-211 MiB at the same throughput. An old generation that grows by half of what survived
 * a full collection, not by V8's own factor: over a whole benchmark run (memoryTimeline.ts) the highest RSS
 * fell from 305 to 210 MiB at the same CPU time per request. serveFlags.test.ts holds the two lists together.
 */
export const SERVE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8', '--heap-growing-percent=50'];
