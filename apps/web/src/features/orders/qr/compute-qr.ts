import type { QrPath } from './qr-path';

type Waiting = Map<string, ((path: QrPath) => void)[]>;

let worker: Worker | null | undefined;
const waiting: Waiting = new Map();

/** On the main thread, when no worker can run (an old browser, a worker refused, tests without workers). */
const onMainThread = (text: string): Promise<QrPath> => import('./qr-path').then(({ qrPath }) => qrPath(text));

function settle(path: QrPath): void {
  const callbacks = waiting.get(path.text) ?? [];
  waiting.delete(path.text);
  for (const callback of callbacks) callback(path);
}

function startWorker(): Worker | null {
  if (typeof Worker !== 'function') return null;
  try {
    const started = new Worker(new URL('./qr.worker.ts', import.meta.url), { type: 'module' });
    started.onmessage = (event: MessageEvent<QrPath>) => settle(event.data);
    started.onerror = () => {
      // Whatever was asked of it is drawn here instead, and so is everything after.
      worker = null;
      started.terminate();
      for (const text of [...waiting.keys()]) void onMainThread(text).then(settle);
    };
    return started;
  } catch {
    return null;
  }
}

/** The QR code of `text`, drawn by a worker (one for the page, started on first use). */
export function computeQrPath(text: string): Promise<QrPath> {
  if (worker === undefined) worker = startWorker();
  if (!worker) return onMainThread(text);
  const running = worker;
  return new Promise((resolve) => {
    const callbacks = waiting.get(text);
    if (callbacks) {
      callbacks.push(resolve);
      return;
    }
    waiting.set(text, [resolve]);
    running.postMessage(text);
  });
}
