import fc from 'fast-check';
import { presetGoals, reminderPeriods } from '@mindledger/domain';

/**
 * Field values the product knows by name, so that generated requests get past validation and reach
 * the services and SQL: real ids of the test world (as placeholders such as '@entry', replaced when
 * the request is sent, so a counterexample still reads after the world was rebuilt), the test
 * password, emotions, days. A field not named here gets values from its schema alone.
 */
export const worldRefs = [
  '@patient',
  '@provider',
  '@admin',
  '@other',
  '@entry',
  '@otherEntry',
  '@goal',
  '@connection',
] as const;
export type WorldRef = (typeof worldRefs)[number];
export const emailRefs = ['@patientEmail', '@providerEmail', '@adminEmail', '@otherEmail'] as const;

const users = fc.constantFrom('@patient', '@provider', '@admin', '@other');
const entries = fc.constantFrom('@entry', '@otherEntry');
const anyId = fc.oneof(fc.constantFrom(...worldRefs), fc.uuid());
const emails = fc.oneof(
  fc.constantFrom(...emailRefs),
  fc.uuid().map((id) => `${id.slice(0, 8)}@example.test`),
);
const password = fc.constantFrom('Secret@123', 'Secret@1234', 'wrong');

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const days = fc.oneof(
  fc.integer({ min: -400, max: 3 }).map(day),
  fc.constantFrom('2024-02-29', '2024-02-30', '1970-01-01', '2100-12-31', '9999-12-31'),
  fc.integer({ min: -400, max: 3 }).map((n) => `${day(n)}T12:00:00.000Z`),
);

const emotionNames = ['Joy', 'Sadness', 'Anger', 'Fear', 'Calm', 'Surprise', 'Love', 'Content', 'Lonely'];
const emotionData = fc.record(
  {
    primaryEmotion: fc.constantFrom(...emotionNames),
    secondaryEmotion: fc.constantFrom(...emotionNames),
    specificFeeling: fc.constantFrom(...emotionNames),
    intensity: fc.integer({ min: 0, max: 11 }),
    emoji: fc.constantFrom('😊', '😢', '😡'),
    color: fc.constantFrom('#FFD700', 'red'),
    category: fc.constantFrom('positive', 'neutral', 'negative', 'other'),
    path: fc.array(fc.constantFrom(...emotionNames), { maxLength: 4 }),
  },
  { requiredKeys: ['primaryEmotion'] },
);
const chatMessages = fc.array(
  fc.record(
    {
      role: fc.constantFrom('user', 'assistant', 'ai', 'human'),
      text: fc.constantFrom('I had a long day.', 'What made it hard?', 'Work, mostly.'),
      createdAt: days,
    },
    { requiredKeys: ['text'] },
  ),
  { maxLength: 4 },
);
const words = fc.constantFrom('garden', 'work', 'a', 'ga', 'quiet day', 'walk', '%', '_');

/** Values by field name (body properties, query and path parameters). */
export const vocabulary: Record<string, fc.Arbitrary<unknown>> = {
  id: anyId,
  moodId: entries,
  entryId: entries,
  goalId: fc.constantFrom('@goal'),
  patientId: users,
  clientId: users,
  userId: users,
  clientIds: fc.array(users, { minLength: 1, maxLength: 3 }),
  userIds: fc.array(users, { maxLength: 3 }).map((ids) => ids.join(',')),
  goalIds: fc.array(fc.constantFrom('@goal'), { maxLength: 2 }),
  presetId: fc.constantFrom(...presetGoals.map((p) => p.id)),
  email: emails,
  currentEmail: emails,
  newEmail: emails,
  password,
  oldPassword: password,
  currentPassword: password,
  confirmPassword: password,
  newPassword: fc.constantFrom('Secret@123', 'Secret@1234'),
  confirmation: fc.constantFrom('DELETE'),
  firstName: fc.constantFrom('Maya', 'Ana'),
  lastName: fc.constantFrom('Patel', 'Lee'),
  mood: fc.constantFrom('Happy', 'Fine', 'Sad', 'Calm', 'Anxious'),
  notes: fc.constantFrom('A quiet day in the garden.', 'Work was long.', '<b>bold</b> text'),
  note: fc.constantFrom('Felt better.', 'Session went well.'),
  journalType: fc.constantFrom('prompt', 'chat', 'voice', 'photo'),
  journalMode: fc.constantFrom('prompt', 'chat'),
  emotionData,
  originalEmotionData: emotionData,
  chatMessages,
  customDate: days,
  date: days,
  startDate: days,
  isoDate: days,
  targetDate: days,
  userLocalTimestamp: days,
  timestamp: days,
  userTimezone: fc.constantFrom('UTC', 'Europe/Paris', 'America/New_York', 'Pacific/Kiritimati', 'Not/AZone'),
  timezone: fc.constantFrom('UTC', 'Europe/Paris', 'Asia/Kolkata'),
  timerange: fc.constantFrom(
    '1 Week',
    '2 Weeks',
    '30 Days',
    '90 Days',
    '7days',
    'month',
    '__proto__',
    'constructor',
  ),
  year: fc.integer({ min: 1969, max: 2101 }),
  aiMetadata: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  photoData: fc.record({
    images: fc.array(fc.record({ fileId: fc.constantFrom('abc.png', 'f'.repeat(24) + '.png') }), {
      maxLength: 3,
    }),
    extractedText: fc.constantFrom('LAKE', ''),
  }),
  goal: fc.record({
    selectedGoals: fc.array(
      fc.oneof(
        fc.constantFrom('@goal'),
        fc.constant({ goalData: { _id: '@goal' } }),
        fc.constant({ id: '@goal' }),
      ),
      { maxLength: 2 },
    ),
  }),
  isPrivate: fc.boolean(),
  text: fc.constantFrom('Walk every day', 'Sleep by 11', 'Read more'),
  title: fc.constantFrom('Walk every day', 'Drink water'),
  goalTitle: fc.constantFrom('Call a friend'),
  search: words,
  searchTerm: words,
  reasonFilter: words,
  reason: fc.constantFrom('Moved away', 'Finished therapy', 'IDLE_TIMEOUT'),
  activation_code: fc.integer({ min: 0, max: 999_999 }).map((n) => String(n).padStart(6, '0')),
  two_factor_code: fc.integer({ min: 0, max: 999_999 }).map((n) => String(n).padStart(6, '0')),
  code: fc.integer({ min: 0, max: 999_999 }).map((n) => String(n).padStart(6, '0')),
  reminderPeriod: fc.constantFrom(...reminderPeriods, 'hourly'),
  page: fc.integer({ min: 1, max: 3 }),
  limit: fc.integer({ min: 1, max: 20 }),
};

/** The journal-entry fields, for bodies whose schema is an open record (create-mood, update-mood). */
const entryFields = [
  'mood',
  'emoji',
  'notes',
  'journalType',
  'journalMode',
  'chatMessages',
  'isAIGenerated',
  'emotionData',
  'originalEmotionData',
  'goal',
  'customDate',
  'userLocalTimestamp',
  'userTimezone',
  'isPrivate',
  'photoData',
  'aiMetadata',
] as const;

/** An object for an open record: a journal entry's fields, or any named fields. */
export function openRecord(
  value: (name: string) => fc.Arbitrary<unknown>,
): fc.Arbitrary<Record<string, unknown>> {
  const entry = fc.subarray([...entryFields], { maxLength: 8 }).chain((keys) =>
    fc.record(Object.fromEntries(['mood', 'notes', ...keys].map((k) => [k, value(k)])), {
      requiredKeys: ['mood'],
    }),
  );
  const named = fc
    .subarray(Object.keys(vocabulary), { maxLength: 6 })
    .chain((keys) => fc.record(Object.fromEntries(keys.map((k) => [k, value(k)]))));
  return fc.oneof({ weight: 3, arbitrary: entry }, { weight: 1, arbitrary: named });
}
