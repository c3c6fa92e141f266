/** Reads config, builds the app, listens, and shuts down gracefully. */
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { startDeadlineJob } from './jobs/deadline.js';

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
  const app = await buildApp(config);
  const deadlineJob = config.deadlineSweepSeconds > 0 ? startDeadlineJob(app.ctx, config.deadlineSweepSeconds * 1000) : null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await deadlineJob?.stop();
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
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
