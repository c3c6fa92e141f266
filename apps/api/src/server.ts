/** Reads config, builds the app, seeds the demo catalogue when asked, listens, and shuts down gracefully. */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { DestinationStream } from 'pino';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { seedDemo } from './modules/catalog/service.js';
import { greeting, localDefaultsWarning } from './greeting.js';
import { startDeadlineJob } from './jobs/deadline.js';
import { startReconcileJob } from './jobs/reconcile.js';
import { configuredFeeds } from './modules/payments/service.js';

/** Log lines for a person in a terminal; elsewhere (a pipe, a file, a container's log) JSON lines, for machines. */
async function readableLogStream(): Promise<DestinationStream> {
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    colorize: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    singleLine: true,
    sync: true,
  });
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const tty = process.stdout.isTTY === true;
  let app;
  try {
    app = await buildApp(config, { logStream: tty ? await readableLogStream() : undefined });
  } catch (error) {
    // Another process holds the PGlite folder: say so plainly, without a stack.
    if (error instanceof DataDirInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // The demo catalogue is a start-up step, not part of building the app: tests seed what they need.
  if (config.seedDemo) await seedDemo(app.ctx);
  const deadlineJob = config.deadlineSweepSeconds > 0 ? startDeadlineJob(app.ctx, config.deadlineSweepSeconds * 1000) : null;
  const reconcileJob =
    config.reconcile.intervalSeconds > 0 && configuredFeeds(config).length > 0
      ? startReconcileJob(app.ctx, config.reconcile.intervalSeconds * 1000)
      : null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await Promise.all([deadlineJob?.stop(), reconcileJob?.stop()]);
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
  // Also a log line: a shop whose output is not a terminal never prints the greeting.
  const warning = localDefaultsWarning(config);
  if (warning) app.log.warn(warning);
  if (tty) {
    const { port } = app.server.address() as AddressInfo;
    const webBuilt = fs.existsSync(path.join(config.webDist, 'index.html'));
    console.log(greeting(config, { port, webBuilt, cwd: process.cwd() }));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
