import { PGlite } from '@electric-sql/pglite';
const rss = () => Math.round(process.memoryUsage().rss / 1048576);
console.log('start', rss());
const pg = new PGlite('/tmp/memtest-db');
await pg.waitReady;
console.log('after open', rss());
await pg.query('select 1');
console.log('after query', rss());
