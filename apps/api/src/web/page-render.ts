/**
 * The storefront's pages come rendered (docs/decisions/0018-server-rendered-first-paint.md): the web build's
 * server render (apps/web/src/entry-server.tsx, built into `.ssr/`) puts the page's markup into
 * `<div id="root">`, so it paints from the HTML and the browser's code hydrates it. Without that build (or
 * when it fails) the page is sent with an empty root, which the web app renders into as before.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { PublicConfig } from '@lucky/shared';
import { parseJson, type PageData } from './page-data.js';

/** The web build's server render, beside the build in a hidden directory the shop does not serve (assets.ts). */
const SERVER_RENDER_FILE = '.ssr/entry-server.js';

/** What the server render exports. */
export interface ServerRender {
  /** Once, before any render: the public settings the pages show (the support links) and the pages' code. */
  prepare(config: PublicConfig): Promise<void>;
  /** The markup of the page at `url`, its queries answered by `data` (the initial-data block's responses, by path). */
  render(url: string, data: Record<string, unknown>): string;
}

/** The server render, ready to use; null when the web build has none or it cannot load. */
export async function loadServerRender(
  log: FastifyBaseLogger,
  webDist: string,
  config: PublicConfig,
): Promise<ServerRender | null> {
  const file = path.join(webDist, SERVER_RENDER_FILE);
  if (!fs.existsSync(file)) {
    log.warn({ file }, 'web app built without its server render: pages paint once their code has run');
    return null;
  }
  try {
    const module = (await import(pathToFileURL(file).href)) as ServerRender;
    await module.prepare(config);
    return module;
  } catch (error) {
    log.error({ err: error, file }, 'server render unavailable: pages paint once their code has run');
    return null;
  }
}

/** The page's markup for `url` with its data, or none (an empty root, rendered by the browser) when there is no render or it fails. */
export type PageMarkup = (url: string, responses?: PageData['responses']) => string;

export function pageMarkup(log: FastifyBaseLogger, serverRender: ServerRender | null): PageMarkup {
  return (url, responses = []) => {
    if (!serverRender) return '';
    try {
      return serverRender.render(url, Object.fromEntries(responses.map(([key, json]) => [key, parseJson<unknown>(json)])));
    } catch (error) {
      log.error({ err: error, url }, 'server render failed: sending the page with an empty root');
      return '';
    }
  };
}

const EMPTY_ROOT = '<div id="root"></div>';

/** The page's markup inside its `<div id="root">`. */
export function withMarkup(html: string, markup: string): string {
  return markup ? html.replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>`) : html;
}
