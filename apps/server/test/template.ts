import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** Where the migrated embedded-database template is kept between the global setup and the tests. */
export const templateFile = join(
  fileURLToPath(new URL('../../../.tmp', import.meta.url)),
  'pglite-template.tar.gz',
);

/** With TEST_DATABASE_URL the API tests run on that PostgreSQL server instead of PGlite. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
export const testRedisUrl = process.env.TEST_REDIS_URL || undefined;
/** Named after the checkout, so two checkouts can run the PostgreSQL suite on one server at once. */
export const pgTemplateName = `mindledger_test_template_${createHash('sha256')
  .update(fileURLToPath(new URL('../../..', import.meta.url)))
  .digest('hex')
  .slice(0, 10)}`;

export function databaseUrlFor(name: string): string {
  const url = new URL(testDatabaseUrl ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
