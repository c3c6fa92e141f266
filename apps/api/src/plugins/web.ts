/**
 * Serves the built web app on the API's port (DESIGN.md § Shape): fingerprinted assets with
 * immutable caching and pre-compressed variants, and index.html for every client route, with the
 * browser's public settings injected as a JSON data block (no inline script, so the CSP stays strict).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { PublicConfig } from '@lucky/shared';
import type { AppContext } from '../context.js';

export function publicConfig(ctx: AppContext): PublicConfig {
  const { config } = ctx;
  return {
    api_key: config.apiKey,
    google_client_id: config.auth.google.clientId,
    demo_sign_in: config.auth.demo,
    facebook_enabled: config.auth.facebook !== null,
    bank: {
      bin: config.bank.bin,
      name: config.bank.name,
      account_number: config.bank.accountNumber,
      account_holder: config.bank.accountHolder,
    },
    support: {
      social_url: config.support.socialUrl,
      chat_url: config.support.chatUrl,
      messenger_url: config.support.messengerUrl,
    },
  };
}

export function injectConfig(html: string, value: PublicConfig): string {
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  return html.replace('</head>', `<script id="app-config" type="application/json">${json}</script></head>`);
}

/** Registers static serving; returns the index.html responder for client routes, or null without a build. */
export async function registerWeb(app: FastifyInstance, ctx: AppContext): Promise<((reply: FastifyReply) => FastifyReply) | null> {
  const indexPath = path.join(ctx.config.webDist, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn({ webDist: ctx.config.webDist }, 'web app not built: serving the API only (run npm run build)');
    return null;
  }
  const indexHtml = injectConfig(fs.readFileSync(indexPath, 'utf8'), publicConfig(ctx));

  await app.register(fastifyStatic, {
    root: ctx.config.webDist,
    prefix: '/',
    index: false,
    wildcard: true,
    preCompressed: true,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.get('/index.html', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  return sendIndex;
}
