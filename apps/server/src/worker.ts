import pino from 'pino';
import { loadConfig } from './config.js';
import { createContext } from './context.js';
import { openDatabase } from './db/client.js';
import { createServices, features } from './features/index.js';
import closeWithGrace from './platform/close-with-grace.js';

/**
 * `npm run worker`: runs the jobs in a process of its own, built like the server (the same context
 * and every feature's jobs and schedules). Only with DATABASE_URL: the embedded database belongs to
 * the server process, which runs its jobs itself.
 */
const config = loadConfig();
if (!config.databaseUrl) {
  console.error('The worker needs DATABASE_URL. With the embedded database the server runs the jobs itself.');
  process.exit(1);
}
const log = pino({ level: config.logLevel });
const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 4 });
await database.migrate();
const ctx = createContext(config, { database, log, runJobs: true });
const services = createServices(ctx);
for (const feature of features) feature.jobs?.(ctx, services);
await ctx.jobs.start();
await services.notifications.start();
log.info('worker started');
closeWithGrace(async () => {
  await ctx.jobs.stop();
  await services.notifications.close();
  await ctx.sessionRegistry.close();
  await ctx.store.close();
  await database.close();
});
