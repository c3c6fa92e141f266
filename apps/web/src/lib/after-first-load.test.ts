import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchLaterCode } from './after-first-load';

describe('code for later', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.head.querySelectorAll('meta[name="lucky-prefetch"], link[rel="prefetch"]').forEach((node) => node.remove());
  });

  it('is handed to a worker once the page has loaded: the page itself gains no link', () => {
    vi.useFakeTimers();
    const started: { url: string; files: unknown }[] = [];
    // The browser's Worker, as far as the page uses it (jsdom has none): what it was started with and sent.
    class RecordingWorker {
      constructor(private readonly url: URL | string) {}
      postMessage(files: unknown) {
        started.push({ url: String(this.url), files });
      }
    }
    vi.stubGlobal('Worker', RecordingWorker);
    const meta = document.createElement('meta');
    meta.name = 'lucky-prefetch';
    meta.content = '/assets/toast-view-t1.js /assets/mui-m1.js';
    document.head.append(meta);

    prefetchLaterCode();
    expect(started).toHaveLength(0);
    vi.runAllTimers();

    expect(started).toHaveLength(1);
    expect(started[0]!.url).toMatch(/prefetch-worker/);
    expect(started[0]!.files).toEqual(['/assets/toast-view-t1.js', '/assets/mui-m1.js']);
    expect(document.querySelectorAll('link[rel="prefetch"]')).toHaveLength(0);
  });

  it('without workers, is prefetched as links once the page has loaded, from the files the API named, and not before', () => {
    vi.useFakeTimers();
    const meta = document.createElement('meta');
    meta.name = 'lucky-prefetch';
    meta.content = '/assets/toast-view-t1.js /assets/mui-m1.js';
    document.head.append(meta);

    prefetchLaterCode();
    expect(document.querySelectorAll('link[rel="prefetch"]')).toHaveLength(0);
    // One link a task, so adding them is no long task.
    vi.runOnlyPendingTimers();
    expect(document.querySelectorAll('link[rel="prefetch"]')).toHaveLength(1);
    vi.runAllTimers();

    const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/assets/toast-view-t1.js', '/assets/mui-m1.js']);
    expect(links.every((link) => link.crossOrigin === '')).toBe(true);
  });

  it('does nothing on a page without the list (a build served by another host)', () => {
    vi.useFakeTimers();
    prefetchLaterCode();
    vi.runAllTimers();
    expect(document.querySelectorAll('link[rel="prefetch"]')).toHaveLength(0);
  });
});
