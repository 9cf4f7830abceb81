import { buildApp, type App } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type Db } from './db/index.ts';
import { isDatabaseUnavailable } from './db/errors.ts';
import { seedIfEmpty } from './seed/index.ts';
import { startServerTelemetry } from './telemetry/otel.ts';

/** How long in-flight requests get to finish after SIGTERM/SIGINT before the process gives up. */
export const SHUTDOWN_TIMEOUT_MS = 10_000;
/** How long a starting instance waits for an unreachable database (e.g. compose starts both at once). */
const DATABASE_START_WAIT_MS = 60_000;

async function openWithRetry(config: Config, onPoolError: (err: Error) => void): Promise<Db> {
  const deadline = Date.now() + DATABASE_START_WAIT_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await openDatabase(config, { onPoolError });
    } catch (err) {
      if (!isDatabaseUnavailable(err) || Date.now() > deadline) throw err;
      console.error(`database not reachable yet (${(err as Error).message}); retrying (attempt ${attempt})`);
      await new Promise((r) => setTimeout(r, Math.min(500 * attempt, 5_000)));
    }
  }
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  let app: App | undefined = undefined;
  let lastPoolLog = 0;
  const onPoolError = (err: Error) => {
    // A lost server makes every pooled client fail at once: log it, at most once a second.
    if (Date.now() - lastPoolLog < 1_000) return;
    lastPoolLog = Date.now();
    if (app) app.log.warn({ err }, 'database connection error');
    else console.error(`database connection error: ${err.message}`);
  };

  // OpenTelemetry to Application Insights, only with a connection string (nothing loaded otherwise)
  const telemetry = await startServerTelemetry(config.appInsightsConnectionString);
  const database = await openWithRetry(config, onPoolError);
  telemetry?.instrumentDatabase(database);
  app = await buildApp({ config, database, telemetry });
  if (config.seedDemo) await seedIfEmpty(database, app.log, { imageStore: app.imageStore });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error(`requests still running after ${SHUTDOWN_TIMEOUT_MS} ms; exiting`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    try {
      await app.close();
      await database.destroy();
      await telemetry?.shutdown().catch(() => {});
      clearTimeout(timer);
      app.log.info('stopped');
      process.exit(0);
    } catch (err) {
      app.log.error(err, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
