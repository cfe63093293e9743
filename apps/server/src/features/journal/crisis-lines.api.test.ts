import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrisisResources } from '@mindledger/domain';
import { startServer, type Client, type TestServer } from '../../../test/harness.js';

/** Ruling 12: the crisis resources of a save's answer are those of the author's country. */

interface Saved {
  safety: { level: string; resources: CrisisResources | null };
}

const crisisEntry = {
  mood: 'Low',
  emoji: '😞',
  notes: 'Some nights I just want to die.',
  journalType: 'prompt',
  userTimezone: 'UTC',
  emotionData: {
    primaryEmotion: 'Sad',
    intensity: 8,
    color: '#60A5FA',
    category: 'negative',
    path: ['Sad'],
  },
};

const hrefs = (resources: CrisisResources | null) => resources?.contacts.map((c) => c.href) ?? [];

async function save(client: Client, notes = crisisEntry.notes) {
  const reply = await client.post<Saved>('/api/v1/create-mood', { ...crisisEntry, notes });
  expect(reply.status).toBe(201);
  return reply.body.safety;
}

describe('crisis resources by the profile time zone', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('gives a user in Europe/London the UK lines, and no 988', async () => {
    const { client } = await server.signIn({ timezone: 'Europe/London' });
    const safety = await save(client);
    expect(safety.level).toBe('crisis');
    expect(safety.resources?.country).toBe('GB');
    expect(hrefs(safety.resources)).toEqual(['tel:999', 'tel:116123', 'sms:85258']);
    expect(safety.resources?.contacts).toContainEqual({
      label: 'Call Samaritans 116 123',
      href: 'tel:116123',
      kind: 'call',
    });
    expect(JSON.stringify(safety)).not.toMatch(/988/);
  });

  it('gives a user in America/New_York 988 and 911', async () => {
    const { client } = await server.signIn({ timezone: 'America/New_York' });
    const safety = await save(client);
    expect(safety.resources?.country).toBe('US');
    expect(hrefs(safety.resources)).toEqual(['tel:911', 'tel:988', 'sms:988']);
  });

  it('gives a user in a zone the table does not know the international fallback', async () => {
    const { client } = await server.signIn({ timezone: 'Asia/Tokyo' });
    const safety = await save(client);
    expect(safety.resources?.country).toBe('INTL');
    expect(hrefs(safety.resources)).toEqual(['tel:112', 'tel:911', 'https://findahelpline.com']);
  });

  it('answers a UK user in the journal chat with the UK lines, in the reply and beside it', async () => {
    const { client } = await server.signIn({ timezone: 'Europe/London' });
    const reply = await client.post<{ data: { reply: string } & Saved }>('/api/ai/journal-chat', {
      messages: [{ role: 'user', text: 'I want to kill myself.' }],
      mode: 'chat',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.safety.resources?.country).toBe('GB');
    expect(reply.body.data.reply).toContain('Samaritans: call 116 123.');
    expect(reply.body.data.reply).not.toMatch(/988|911/);
  });

  it('carries no resources when the text expresses no risk', async () => {
    const { client } = await server.signIn({ timezone: 'Europe/London' });
    const safety = await save(client, 'A steady day with a long walk.');
    expect(safety.level).toBe('none');
    expect(safety.resources).toBeNull();
  });
});

describe('CRISIS_LINES_FILE', () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'crisis-lines-'));
    const file = join(dir, 'lines.json');
    writeFileSync(
      file,
      JSON.stringify({
        countries: {
          JP: {
            name: 'Japan',
            emergency: [{ number: '119', href: 'tel:119' }],
            lines: [
              {
                name: 'Example line',
                kind: 'call',
                number: '0120 000 000',
                href: 'tel:0120000000',
                source: 'https://example.org',
                checked: '2026-11-28',
              },
            ],
            timeZones: ['Asia/Tokyo'],
          },
        },
      }),
    );
    server = await startServer({ env: { CRISIS_LINES_FILE: file } });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers with the deployment's lines for a country it adds", async () => {
    const { client } = await server.signIn({ timezone: 'Asia/Tokyo' });
    const safety = await save(client);
    expect(safety.resources?.country).toBe('JP');
    expect(hrefs(safety.resources)).toEqual(['tel:119', 'tel:0120000000']);
  });
});
