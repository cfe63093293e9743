import { addDays, mondayOf, type WeeklyReport } from '@mindledger/domain';
import { insertEntry } from '../../../test/entries.js';
import type { Client, TestServer } from '../../../test/harness.js';
import type { DocumentRequest, GeneratedDocument, WeeklyInput } from '../../platform/ai/index.js';

/** A Standard client (paid through the local checkout with a test card). */
export async function standardClient(server: TestServer, values: Parameters<TestServer['signIn']>[0] = {}) {
  const signed = await server.signIn(values);
  const start = await signed.client.post<{ sessionId: string }>('/api/v1/subscription/create-checkout', {
    planType: 'standard-monthly',
  });
  if (start.status !== 200) throw new Error(`checkout ${start.status} ${JSON.stringify(start.body)}`);
  const paid = await signed.client.post(
    `/api/v1/subscription/local-checkout/${encodeURIComponent(start.body.sessionId)}/pay`,
    { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Test Client' },
  );
  if (paid.status !== 200) throw new Error(`pay ${paid.status} ${JSON.stringify(paid.body)}`);
  return signed;
}

/** The last complete local week (Monday to Sunday) of the test users' zone. */
export function lastWeek(server: TestServer): { startDate: string; endDate: string } {
  const monday = addDays(mondayOf(server.today()), -7);
  return { startDate: monday, endDate: addDays(monday, 6) };
}

/** Entries on the given local days (noon UTC of each), with optional overrides. */
export async function entriesOn(
  server: TestServer,
  patientId: string,
  days: string[],
  values: Parameters<typeof insertEntry>[2] = {},
) {
  const rows = [];
  for (const day of days)
    rows.push(
      await insertEntry(server, patientId, {
        localDay: day,
        entryAt: new Date(`${day}T12:00:00Z`),
        ...values,
      }),
    );
  return rows;
}

/** A valid weekly report made from the input alone (what a test generator answers). */
export function reportFor(input: WeeklyInput): WeeklyReport {
  return {
    title: 'Your week in review',
    subtitle: `${input.startDate} to ${input.endDate}`,
    startDate: input.startDate,
    endDate: input.endDate,
    summary: `You wrote ${input.entries.length} entries this week.`,
    sections: [
      {
        title: 'Moments',
        icon: 'star',
        color: 'blue',
        items: input.entries.map((e) => ({
          content: 'You wrote about your day.',
          dates: [e.day],
          entryIds: [e.id],
        })),
      },
    ],
    reflectionQuestions: ['What helped you most this week?'],
    disclaimer: 'Generated from your own entries; not medical advice.',
  };
}

type Generate = (request: DocumentRequest<'weeklyReport'>) => Promise<GeneratedDocument<'weeklyReport'>>;

/**
 * Replaces the server's generator for weekly reports (the context's AI port is read at each call).
 * Answers what `answer` answers (default: `reportFor`), records every input. `restore` puts the
 * original back.
 */
export function fakeGenerator(server: TestServer, answer?: Generate) {
  const ai = server.ctx.ai as unknown as { generate: Generate };
  const original = ai.generate;
  const inputs: WeeklyInput[] = [];
  const signals: (AbortSignal | undefined)[] = [];
  ai.generate = async (request) => {
    inputs.push(request.input);
    signals.push(request.signal);
    if (answer) return answer(request);
    return {
      document: reportFor(request.input),
      model: 'test',
      promptVersion: 'test-1',
      generatedAt: server.clock.now(),
    };
  };
  return {
    inputs,
    signals,
    restore: () => {
      ai.generate = original;
    },
  };
}

/** Polls until `read` answers something (or fails after `ms`). */
export async function eventually<T>(
  read: () => Promise<T | undefined | null | false>,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface JobAnswer {
  id: string;
  status: string;
  error: string | null;
  result: { reportId: string } | null;
}

/** Waits until the job leaves 'generating'. */
export async function settled(client: Client, jobId: string): Promise<JobAnswer> {
  return eventually(async () => {
    const reply = await client.get<{ data: JobAnswer }>(`/api/v1/weekly-report-jobs/${jobId}`);
    return reply.body.data.status === 'generating' ? undefined : reply.body.data;
  });
}
