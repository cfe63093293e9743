import closeWithGrace from './platform/close-with-grace.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { mailNotice } from './features/dev/index.js';
import { seedDemo } from './seed.js';

const config = loadConfig();
const open = () => openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let database = await open();
await database.migrate();
if (config.seedDemo) await seedDemo(database.db);
if (database.created) {
  // Creating the embedded database (initdb) leaves ~500 MB of WebAssembly heap that cannot shrink;
  // opening it again starts small (measured: 789 MB → 264 MB RSS).
  await database.close();
  database = await open();
}
const app = await buildApp(config, { database, seedDemoJournal: config.seedDemo });
closeWithGrace(async () => {
  await app.close();
  await database.close();
});
await app.listen({ port: config.port, host: config.host });
app.log.info(
  { database: database.kind, jobs: config.jobsInProcess ? 'in-process' : 'worker' },
  `MindLedger is serving on ${config.publicUrl}`,
);
const mail = mailNotice(config);
app.log[mail.level](mail.message);
