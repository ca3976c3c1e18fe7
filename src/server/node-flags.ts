/**
 * The V8 flags the server runs with (decision 0036): `npm start` passes them (package.json, checked by
 * node-flags.test.ts), the cluster's workers inherit them (cluster.fork takes the primary's execArgv), and the
 * benchmarks start their servers and the render benchmark with them.
 *
 * A young generation of 32 MB a semi-space, not V8's 16: a page render allocates a few MB that die young, and
 * with twice the room a scavenge finds fewer of them still alive. It cut the median CPU of an uncached product
 * page render by about a tenth (bench/render.ts); the cost is at most 32 MB more memory a process.
 */
export const NODE_FLAGS = ['--max-semi-space-size=32'] as const;
