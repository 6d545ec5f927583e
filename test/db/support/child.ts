// Child processes for the data directory lock tests, waited for by what they print and by their exit.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));

export interface Child {
  process: ChildProcess;
  pid: number;
  stdout(): string;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves with true once stdout has a line matching `pattern`, with false if the child exits first. */
  printed(pattern: RegExp): Promise<boolean>;
  /** SIGKILL if it still runs (cleanup after a failed test). */
  kill(): void;
}

/** A TypeScript file of this project run by Node with tsx, on the embedded database whatever the suite runs on. */
export function startScript(script: string, args: string[]): Child {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  let closed = false;
  child.once('close', () => (closed = true));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const printed = (pattern: RegExp) =>
    new Promise<boolean>((resolve) => {
      const check = () => {
        if (!stdout.split('\n').some((line) => pattern.test(line))) return;
        child.stdout.off('data', check);
        resolve(true);
      };
      child.stdout.on('data', check);
      check();
      // Not 'exit', which can come before the last output: 'close' waits for the pipes to end.
      if (closed) resolve(false);
      else child.once('close', () => resolve(false));
    });
  return {
    process: child,
    pid: child.pid as number,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    printed,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
