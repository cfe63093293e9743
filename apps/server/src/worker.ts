import pino from 'pino';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { JobRunner } from './platform/jobs.js';
import { MAIL_JOB, OutboxMail, SmtpMail, type MailMessage } from './platform/mail.js';
import closeWithGrace from './platform/close-with-grace.js';

/**
 * `npm run worker`: runs the jobs in a process of its own. Only with DATABASE_URL: the embedded
 * database belongs to the server process, which runs its jobs itself.
 */
const config = loadConfig();
if (!config.databaseUrl) {
  console.error('The worker needs DATABASE_URL. With the embedded database the server runs the jobs itself.');
  process.exit(1);
}
const log = pino({ level: config.logLevel });
const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 4 });
await database.migrate();
const jobs = new JobRunner(database, log, { runWorkers: true });
const mail = config.smtpUrl ? new SmtpMail(config.smtpUrl, config.mailFrom) : new OutboxMail(database.db);
jobs.register<MailMessage>(MAIL_JOB, (message) => mail.deliver(message));
await jobs.start();
log.info('worker started');
closeWithGrace(async () => {
  await jobs.stop();
  await database.close();
});
