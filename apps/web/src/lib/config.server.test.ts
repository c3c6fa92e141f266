/**
 * zod keeps its settings on globalThis, shared by every copy of zod in a process. The server render
 * (entry-server.tsx) runs lib/config.ts inside the API's process: the browser's `jitless` must not
 * reach the API's parsers there.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const zodConfig = () => (globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig;

describe("config and zod's compiled parsers", () => {
  beforeEach(() => {
    vi.resetModules();
    delete zodConfig()?.jitless;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('leaves them on where there is no document (the server render in the API)', async () => {
    vi.stubGlobal('document', undefined);
    await import('./config');
    expect(zodConfig()?.jitless).not.toBe(true);
  });

  it('turns them off in a browser', async () => {
    await import('./config');
    expect(zodConfig()?.jitless).toBe(true);
  });
});
