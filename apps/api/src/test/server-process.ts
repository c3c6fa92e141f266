/**
 * The API as a real process, for the tests that need one (several instances on one database, two
 * processes on one data folder): `src/server.ts` started with tsx on a free loopback port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

// The tests that start a process pick its port from here.
export { freePort } from './free-port.js';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** Resolves once /healthz answers; rejects if the process exits first or after `timeoutMs`. */
  healthy(timeoutMs?: number): Promise<void>;
}

/**
 * Starts the API on `port` with exactly these settings (plus PATH, NODE_ENV=test, HOST=127.0.0.1), and Node.js's
 * `nodeArgs` (a heap limit, say).
 */
export function startServerProcess(port: number, env: Record<string, string>, nodeArgs: string[] = []): ServerProcess {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      // eslint-disable-next-line no-restricted-properties -- the child process needs the PATH it was given
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const output = () => chunks.join('');
  return {
    url,
    child,
    output,
    exited,
    async healthy(timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${output()}`);
        const ok = await fetch(`${url}/healthz`).then(
          (res) => res.ok,
          () => false,
        );
        if (ok) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`server not healthy within ${timeoutMs} ms: ${output()}`);
    },
  };
}

/** Stops every process (SIGTERM) and waits until each has exited. */
export async function stopServerProcesses(processes: ServerProcess[]): Promise<void> {
  await Promise.all(
    processes.map(
      (process) =>
        new Promise<void>((resolve) => {
          if (process.child.exitCode !== null) return resolve();
          process.child.once('exit', () => resolve());
          process.child.kill('SIGTERM');
        }),
    ),
  );
}

/** One JSON call to a running process, as the web app makes it (x-api-key, the raw token); throws on a non-2xx. */
export async function callServer<T>(
  server: ServerProcess,
  apiKey: string,
  request: { method: string; url: string; token?: string | null; body?: unknown },
): Promise<T> {
  const { method, url, token, body } = request;
  const res = await fetch(server.url + url, {
    method,
    headers: {
      'x-api-key': apiKey,
      ...(token ? { authorization: token } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
