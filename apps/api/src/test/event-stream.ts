/**
 * A live-stream client for tests: opens an SSE endpoint over a real connection (fetch streaming, as the
 * web app does), collects its messages, and lets a test wait for one that matches — or for the end.
 */
export interface StreamMessage {
  id: string | null;
  event: string;
  data: unknown;
}

export interface TestStream {
  status: number;
  messages: StreamMessage[];
  /** Resolves with the first message (already received or to come) that matches; rejects after `timeoutMs`. */
  next(match: (message: StreamMessage) => boolean, timeoutMs?: number): Promise<StreamMessage>;
  /** Resolves when the server ends the stream; rejects after `timeoutMs`. */
  ended(timeoutMs?: number): Promise<void>;
  close(): void;
}

function parseBlock(block: string): StreamMessage | null {
  let id: string | null = null;
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':') || line === '') continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length > 0 ? { id, event, data: JSON.parse(data.join('\n')) } : null;
}

export async function openStream(url: string, headers: Record<string, string>): Promise<TestStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const messages: StreamMessage[] = [];
  const waiters = new Set<() => void>();
  let done = false;
  const wake = () => waiters.forEach((wakeUp) => wakeUp());

  if (response.ok && response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) !== -1) {
            const message = parseBlock(buffer.slice(0, cut));
            buffer = buffer.slice(cut + 2);
            if (message) messages.push(message);
          }
          wake();
        }
      } catch {
        // aborted by close()
      }
      done = true;
      wake();
    })();
  } else {
    done = true;
  }

  const waitFor = <T>(check: () => T | undefined, timeoutMs: number, what: string) =>
    new Promise<T>((resolve, reject) => {
      const settle = () => {
        clearTimeout(timer);
        waiters.delete(listener);
      };
      const attempt = () => {
        try {
          const found = check();
          if (found === undefined) return;
          settle();
          resolve(found);
        } catch (error) {
          settle();
          reject(error as Error);
        }
      };
      const listener = () => void attempt();
      const timer = setTimeout(() => {
        waiters.delete(listener);
        reject(new Error(`no ${what} within ${timeoutMs} ms; received: ${JSON.stringify(messages)}`));
      }, timeoutMs);
      waiters.add(listener);
      attempt();
    });

  return {
    status: response.status,
    messages,
    next: (match, timeoutMs = 5000) =>
      waitFor(
        () => {
          const found = messages.find(match);
          if (found) return found;
          if (done) throw new Error(`the stream ended; received: ${JSON.stringify(messages)}`);
          return undefined;
        },
        timeoutMs,
        'matching message',
      ),
    ended: (timeoutMs = 5000) => waitFor(() => (done ? true : undefined), timeoutMs, 'end of stream').then(() => {}),
    close: () => controller.abort(),
  };
}
