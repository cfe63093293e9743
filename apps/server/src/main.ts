import closeWithGrace from './platform/close-with-grace.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedDemo } from './seed.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
if (config.seedDemo) await seedDemo(database.db);
const app = await buildApp(config, { database });
closeWithGrace(async () => {
  await app.close();
  await database.close();
});
await app.listen({ port: config.port, host: config.host });
app.log.info(
  { database: database.kind, jobs: config.jobsInProcess ? 'in-process' : 'worker' },
  `MindLedger is serving on ${config.publicUrl}`,
);
