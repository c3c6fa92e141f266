/**
 * A worker that fetches the files it is sent into the browser's HTTP cache, one after another, and then
 * ends (lib/after-first-load.ts). Each response is handled on this worker's thread, not the page's: code
 * for later costs the page no task, no DOM change and no new frame (docs/decisions/0032).
 */
const scope = globalThis as unknown as {
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
  close(): void;
};

async function fetchAll(files: readonly string[]): Promise<void> {
  for (const href of files) {
    try {
      // Read to its end: a body left unread would leave the cache's copy incomplete.
      const response = await fetch(href, { credentials: 'same-origin' });
      await response.arrayBuffer();
    } catch {
      // Offline or refused: the import fetches the file itself when it is needed.
    }
  }
}

scope.addEventListener('message', (event) => {
  const files = Array.isArray(event.data)
    ? event.data.filter((item): item is string => typeof item === 'string' && item.startsWith('/'))
    : [];
  void fetchAll(files).finally(() => scope.close());
});
