/** Steps that undo what a bench set up (servers, databases, folders), run last first, also on Ctrl-C. */
export interface Cleanups {
  push(step: () => Promise<void> | void): void;
  /** Runs every step once, last first; a failing step is reported and the rest still run. */
  run(): Promise<void>;
}

export function createCleanups(): Cleanups {
  const steps: (() => Promise<void> | void)[] = [];
  const run = async () => {
    for (let step = steps.pop(); step; step = steps.pop()) {
      try {
        await step();
      } catch (err) {
        console.error('cleanup step failed:', err);
      }
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void run().finally(() => process.exit(130)));
  }
  return { push: (step) => steps.push(step), run };
}
