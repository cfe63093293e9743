import { deflateSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import {
  addDays,
  buildEmotionData,
  emotionTree,
  goalTextKey,
  localDay,
  simpleEmotionData,
  type EmotionData,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { goalEntryLinks, goalMentions, goals, journalEntries, users } from '../../db/schema/index.js';
import type { JournalService } from './service.js';

/** A small deterministic generator, so every fresh demo looks the same. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const notesBySentiment = {
  positive: [
    'Walked along the river after work. The light on the water made me slow down and breathe.',
    'Had lunch with Priya and laughed more than I have in weeks. I want to remember how easy that felt.',
    'Finished the report a day early. Proud that I asked for help instead of staying up late.',
    'Slept well for once. Woke up before the alarm and made a proper breakfast.',
    'Therapy today helped me name the pattern: I tense up before conversations that have not happened yet.',
    'Called my mum. We talked about the garden and nothing heavy, and that was exactly right.',
    'Yoga class in the morning. My shoulders finally came down from my ears.',
    'Small win: I said no to an extra project without apologising five times.',
  ],
  neutral: [
    'Ordinary day. Work, groceries, a podcast on the way home. Nothing stood out, and that is fine.',
    'Tired but steady. I noticed I skipped lunch again; tomorrow I will set a reminder.',
    'Rainy Sunday. Read a few chapters and tidied the desk. Feeling a bit flat but okay.',
    'Long meetings. I kept drifting off and thinking about the weekend.',
    'Not sure how I feel about the new schedule yet. Giving it a week before deciding.',
  ],
  negative: [
    'Could not fall asleep; my mind kept replaying the conversation with my manager.',
    'Felt lonely this evening. Everyone seemed busy and I did not want to be the one to reach out first.',
    'Snapped at my brother over something small. I apologised, but the guilt stayed with me.',
    'Anxious all morning about the appointment. It went fine in the end, but my body did not believe it.',
    'Heavy day. The anniversary always sneaks up on me.',
    'Overwhelmed by the to-do list. I wrote it down and picked three things, which helped a little.',
  ],
} as const;

const chats = [
  [
    ['user', 'I keep thinking about the argument with my sister.'],
    ['assistant', 'It sounds like it is still sitting with you. What part of it keeps coming back?'],
    ['user', 'That I did not really listen before answering.'],
    ['assistant', 'Noticing that is a step already. What would you want her to know now?'],
  ],
  [
    ['user', 'Work was calmer today and I actually enjoyed the team lunch.'],
    ['assistant', 'That sounds like a welcome change. What made it feel different?'],
    ['user', 'I stopped checking email during lunch.'],
    ['assistant', 'A small boundary with a real effect. How might you keep that going this week?'],
  ],
] as const;

const moodFor = {
  positive: ['Awesome', 'Fine'],
  neutral: ['Fine'],
  negative: ['Not fine', 'Very bad'],
} as const;
const emojiFor: Record<string, string> = { Awesome: '😀', Fine: '🙂', 'Not fine': '🙁', 'Very bad': '😣' };

/** A 320×200 PNG with soft stripes of colour: the demo's photo-mode pictures. */
export function demoPng(hue: number): Buffer {
  const width = 320;
  const height = 200;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      const shade = 150 + Math.round(60 * Math.sin((x + y) / 40));
      raw[row + 1 + x * 3] = (shade + hue) % 256;
      raw[row + 2 + x * 3] = shade;
      raw[row + 3 + x * 3] = (255 - hue + y) % 256;
    }
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function detailedEmotion(random: () => number, sentiment: keyof typeof moodFor): EmotionData {
  const group = emotionTree.filter((p) => p.category === sentiment);
  const primary = group[Math.floor(random() * group.length)] ?? emotionTree[0]!;
  const secondary = primary.children[random() < 0.5 ? 0 : 1];
  const specific = secondary.children[random() < 0.5 ? 0 : 1];
  const intensity = 3 + Math.floor(random() * 6);
  return buildEmotionData([primary.name, secondary.name, specific.name], intensity) as EmotionData;
}

/**
 * About eight weeks of varied entries for the demo patient (all four modes, both selector modes,
 * linked goals, private entries, draft blocks) with a streak running to today in the patient's time
 * zone, so a first run shows the product alive. Only the `patient@demo.local` account is touched,
 * and only while it has no journal entries at all (idempotent).
 */
export async function seedDemoJournal(ctx: AppContext, moods: JournalService): Promise<void> {
  const db = ctx.db;
  const [patient] = await db.select().from(users).where(eq(users.email, 'patient@demo.local'));
  const [provider] = await db.select().from(users).where(eq(users.email, 'provider@demo.local'));
  if (!patient || !provider) return;
  const [any] = await db
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(eq(journalEntries.patientId, patient.id))
    .limit(1);
  if (any) return;

  const now = ctx.clock.now();
  const longAgo = new Date(now.getTime() - 60 * 86_400_000);
  const goalSeeds = [
    { text: 'Walk for 20 minutes every day', emoji: '🚶', type: 'personal', priority: 4, by: patient.id },
    { text: 'Be in bed by 11 pm on weeknights', emoji: '😴', type: 'personal', priority: 3, by: patient.id },
    { text: 'Reach out to a friend once a week', emoji: '📞', type: 'personal', priority: 3, by: patient.id },
    {
      text: 'Practise 4-7-8 breathing when anxiety rises',
      emoji: '🌬️',
      type: 'therapist',
      priority: 5,
      by: provider.id,
    },
  ] as const;
  const existingGoals = await db.select().from(goals).where(eq(goals.patientId, patient.id));
  const goalIds = existingGoals.map((g) => g.id);
  if (goalIds.length === 0) {
    for (const seed of goalSeeds) {
      const [row] = await db
        .insert(goals)
        .values({
          patientId: patient.id,
          createdBy: seed.by,
          type: seed.type,
          text: seed.text,
          textKey: goalTextKey(seed.text),
          emoji: seed.emoji,
          priority: seed.priority,
          homePageVisible: seed.type === 'personal',
          categories: ['health'],
          createdAt: longAgo,
          updatedAt: longAgo,
        })
        .returning({ id: goals.id });
      if (row) goalIds.push(row.id);
    }
  }

  const random = generator(20_261_122);
  const timeZone = patient.timezone;
  const today = localDay(now, timeZone);
  const photo = await Promise.all(
    [40, 140].map((hue) => moods.photos.store(patient.id, demoPng(hue), 'image/png')),
  );
  for (let back = 55; back >= 0; back -= 1) {
    // A few quiet days in the early weeks; the last twelve days form an unbroken streak.
    if (back > 12 && (back % 9 === 4 || back % 11 === 7)) continue;
    const day = addDays(today, -back);
    const roll = random();
    const sentiment = roll < 0.5 ? 'positive' : roll < 0.75 ? 'neutral' : 'negative';
    const moods_ = moodFor[sentiment];
    const mood = moods_[Math.floor(random() * moods_.length)] ?? 'Fine';
    const notesPool = notesBySentiment[sentiment];
    const notes = notesPool[Math.floor(random() * notesPool.length)] ?? '';
    const simple = back % 5 === 2;
    const emotionData = simple
      ? simpleEmotionData(sentiment, 3 + Math.floor(random() * 6))
      : detailedEmotion(random, sentiment);
    const linked = goalIds.filter(() => random() < 0.3).slice(0, 2);
    const mode =
      back === 3 || back === 20 ? 'photo' : back % 7 === 1 ? 'voice' : back % 4 === 0 ? 'chat' : 'prompt';
    const body: Record<string, unknown> = {
      mood,
      emoji: emojiFor[mood],
      notes,
      journalType: mode,
      journalMode: mode,
      emotionData,
      originalEmotionData: emotionData,
      goal: { selectedGoals: linked },
      userTimezone: timeZone,
      isPrivate: back === 9 || back === 30,
    };
    if (back > 0) body.customDate = day;
    if (mode === 'chat' || mode === 'voice') {
      const chat = chats[back % chats.length] ?? chats[0];
      body.chatMessages = chat.map(([role, text]) => ({ role, text }));
      body.isAIGenerated = true;
      if (mode === 'chat') body.notes = '';
    }
    if (mode === 'photo') {
      const image = photo[back === 3 ? 0 : 1];
      body.photoData = {
        images: image ? [{ fileId: image.fileId }] : [],
        extractedText: 'Grocery list: oats, berries, tea',
      };
    }
    const { row } = await moods.create(patient.id, body);
    if (random() < 0.4) {
      await moods.updateDayDetails(patient.id, {
        moodId: row.id,
        activities: ['Walking', 'Reading', 'Cooking', 'Friends', 'Work', 'Meditation'].filter(
          () => random() < 0.4,
        ),
        sleepRoutine: { hours: 5 + Math.floor(random() * 8) / 2, quality: 1 + Math.floor(random() * 5) },
      });
    }
  }

  // Entries written "for" earlier days carry those days' times, and so do their goal mentions.
  await db.execute(sql`update ${journalEntries} set created_at = entry_at, updated_at = entry_at
    where patient_id = ${patient.id}`);
  await db.execute(sql`update ${goalMentions} m set created_at = e.entry_at from ${journalEntries} e
    where m.entry_id = e.id and e.patient_id = ${patient.id}`);
  await db.execute(sql`update ${goalEntryLinks} l set created_at = e.entry_at from ${journalEntries} e
    where l.entry_id = e.id and e.patient_id = ${patient.id}`);
  await db
    .update(goals)
    .set({
      lastMentionDate: sql`(select max(${goalMentions.createdAt}) from ${goalMentions} where ${goalMentions.goalId} = ${goals.id})`,
    })
    .where(and(eq(goals.patientId, patient.id)));
}
