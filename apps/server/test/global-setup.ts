import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pino from 'pino';
import { openDatabase, pgliteExtensions } from '../src/db/client.js';
import { JobRunner } from '../src/platform/jobs/index.js';
import { adminQuery, databaseUrlFor, pgTemplateName, templateFile, testDatabaseUrl } from './template.js';

/** Migrates one database once (schema and job tables); each test file starts from a copy of it. */
async function prepare(database: Awaited<ReturnType<typeof openDatabase>>): Promise<void> {
  await database.migrate();
  const jobs = new JobRunner(database, pino({ level: 'silent' }), { runWorkers: false });
  jobs.register('mail-send', async () => {});
  await jobs.start();
  await jobs.stop();
}

export default async function setup(): Promise<void> {
  if (testDatabaseUrl) {
    await adminQuery(`DROP DATABASE IF EXISTS ${pgTemplateName} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${pgTemplateName}`);
    const database = await openDatabase({ databaseUrl: databaseUrlFor(pgTemplateName) });
    await prepare(database);
    await database.close();
    return;
  }
  const pglite = new PGlite({ extensions: pgliteExtensions });
  const database = await openDatabase({ pglite });
  await prepare(database);
  const dump = await pglite.dumpDataDir('gzip');
  mkdirSync(dirname(templateFile), { recursive: true });
  writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}
