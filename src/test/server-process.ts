/**
 * A server started as a child process for tests (the browser tests' real entry point), and waited for until it
 * answers, with an error that says what was awaited, for how long, and the server's last words when it fails.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** Lines of the server's output kept for the error message. */
const TAIL_LINES = 40;

export interface ServerProcess {
  child: ChildProcess;
  /** The last lines the process wrote (stdout and stderr). */
  tail(): string[];
  /** Stops it (SIGTERM, then SIGKILL after `graceMs`) and waits for it to exit. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Starts `command args` with `env`, passing its output through to ours (so a person sees the server's log) and
 * keeping the last lines for errors.
 */
export function spawnServer(command: string, args: string[], env: NodeJS.ProcessEnv): ServerProcess {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const keep = (chunk: Buffer, to: NodeJS.WriteStream) => {
    to.write(chunk);
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > TAIL_LINES) lines.splice(0, lines.length - TAIL_LINES);
  };
  child.stdout!.on('data', (c: Buffer) => keep(c, process.stdout));
  child.stderr!.on('data', (c: Buffer) => keep(c, process.stderr));
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    child,
    tail: () => [...lines],
    stop: async (graceMs = 15_000) => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(kill);
      }
      await exited;
    },
  };
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/**
 * Waits until GET `url` answers 200, for at most `timeoutMs`. Fails at once if the process exits, and after the
 * limit if it never answers; either error names what was awaited and ends with the process's last output.
 * `what` says what the server is doing meanwhile (e.g. "its first start imports the catalogue").
 */
export async function waitForReady(
  server: ServerProcess,
  url: string,
  { timeoutMs, what, pollMs = 250 }: { timeoutMs: number; what: string; pollMs?: number },
): Promise<void> {
  const started = Date.now();
  const exit = new Promise<string>((resolve) => {
    const { child } = server;
    const describe = () => `exited with ${child.signalCode ?? `code ${child.exitCode}`}`;
    if (child.exitCode !== null || child.signalCode !== null) resolve(describe());
    else child.once('exit', () => resolve(describe()));
  });
  let exited: string | null = null;
  void exit.then((how) => (exited = how));
  let last = 'no answer yet';
  while (Date.now() - started < timeoutMs) {
    if (exited) break;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(Math.max(1000, pollMs * 4)) });
      if (res.status === 200) return;
      last = `last answer ${res.status}`;
    } catch (err) {
      last = `last attempt: ${(err as Error).cause ? String((err as { cause: unknown }).cause) : (err as Error).message}`;
    }
    await Promise.race([new Promise((r) => setTimeout(r, pollMs)), exit]);
  }
  const waited = seconds(Date.now() - started);
  const output = server.tail();
  const tail = output.length ? `\nIts last output:\n${output.join('\n')}` : '\nIt wrote nothing.';
  if (exited)
    throw new Error(`The test server ${exited} after ${waited}, before GET ${url} answered 200.${tail}`);
  throw new Error(
    `The test server was not ready after ${waited} (the limit): waited for GET ${url} to answer 200 while ${what}; ${last}.${tail}`,
  );
}

/** Undo steps run in reverse order, each whatever the others do; for setting up several things that can fail. */
export class Cleanup {
  private readonly steps: (() => unknown)[] = [];

  add(step: () => unknown): void {
    this.steps.push(step);
  }

  /** Runs every step, last added first; returns the errors (a failed step does not stop the rest). */
  async run(): Promise<unknown[]> {
    const errors: unknown[] = [];
    for (const step of this.steps.splice(0).reverse()) {
      try {
        await step();
      } catch (err) {
        errors.push(err);
      }
    }
    return errors;
  }
}
