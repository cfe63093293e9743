import { randomUUID } from 'node:crypto';
import { eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../test/connections.js';
import { startServer, type Client, type TestServer } from '../../test/harness.js';
import {
  aiDocuments,
  dashboardShares,
  documentShares,
  initialJourneyMessages,
  weeklyGenerationJobs,
  checkoutSessions,
  connectionEvents,
  invoices,
  subscriptions,
  connections,
  goalEntryLinks,
  goalMentions,
  goals,
  journalEntries,
  notifications,
  reactivationTokens,
  users,
  providerNotes,
  noteAddenda,
  providerTodos,
  notesSummaries,
  notesSummaryVersions,
  carePlans,
  carePlanVersions,
  providerShares,
  measureAssignments,
  measureResponses,
  backupExports,
  backupImports,
} from '../db/schema/index.js';

/**
 * Broken object-level authorisation, as one matrix over every route that takes an id (taken from
 * the OpenAPI document: a new route with an id in its path, query or body fails this test until it
 * is listed here). Client A owns an entry, a goal, a therapist goal set by A's provider P1 and the
 * connection to P1. Each outsider (another client B, an unconnected provider P2, an admin) calls
 * each route with A's ids: no answer carries anything of A's, nothing of A's changes, and no answer
 * is a success unless the route is one that serves the caller's own data whatever id it is given.
 * The rightful reader of each read route gets 200 with the same ids (so the ids are the right ones).
 */
type Kind =
  | 'patient'
  | 'entry'
  | 'goal'
  | 'therapistGoal'
  | 'connection'
  | 'checkout'
  | 'subscription'
  | 'notification'
  | 'update'
  | 'weeklyReport'
  | 'weeklyJob'
  | 'weeklyShare'
  | 'dashboardShare'
  | 'journeyDoc'
  | 'journeyShare'
  | 'journeyLimit'
  | 'note'
  | 'signedNote'
  | 'todo'
  | 'notesSummary'
  | 'carePlan'
  | 'planGoal'
  | 'providerShare'
  | 'measureAssignment'
  | 'clinicalExport'
  | 'backupExport'
  | 'backupImport'
  | 'version';
type Actor = 'patient' | 'provider' | 'admin';

interface World {
  patient: string;
  entry: string;
  goal: string;
  therapistGoal: string;
  connection: string;
  checkout: string;
  subscription: string;
  notification: string;
  update: string;
  weeklyReport: string;
  weeklyJob: string;
  weeklyShare: string;
  dashboardShare: string;
  journeyDoc: string;
  journeyShare: string;
  /** Not an object: the page size of get-client-profile's second form. */
  journeyLimit: string;
  note: string;
  signedNote: string;
  todo: string;
  notesSummary: string;
  carePlan: string;
  /** A goal id inside A's care plan document. */
  planGoal: string;
  providerShare: string;
  /** P1 asked A for a PHQ-9. */
  measureAssignment: string;
  /** P1's finished clinical export of A's record. */
  clinicalExport: string;
  /** A's finished backup, and an import A uploaded (not confirmed). */
  backupExport: string;
  backupImport: string;
  /** Not an object: version 1 of a summary or plan. */
  version: string;
}

interface IdRoute {
  path?: Record<string, Kind>;
  query?: (w: World) => string;
  body?: (w: World) => unknown;
  /** Who may read it (read routes only): they get 200 with A's ids. */
  reader?: Actor;
  /** The route serves the caller's own data and ignores ids it may not use: a 2xx is fine. */
  ownData?: true;
  /** Admins manage accounts: an account's details (never clinical data) are theirs to read. */
  accountDetails?: true;
  /** The admin's own work on the object (e.g. a subscription's status): not an outsider's call for an admin. */
  adminWork?: true;
}

const matrix: Record<string, IdRoute> = {
  'GET /api/v1/user-detail/{id}': { path: { id: 'patient' }, reader: 'provider', accountDetails: true },
  'POST /api/v1/users/{id}/approve': { path: { id: 'patient' } },
  'DELETE /api/v1/users/{id}/delete': { path: { id: 'patient' } },
  // Promo codes are the admins' catalogue: no one else reaches them, and no client's id names one.
  'PUT /api/v1/promo-codes/{id}': {
    path: { id: 'patient' },
    body: () => ({ description: 'Intruder', expiresAt: '2099-01-01', oneTimeUse: true, active: false }),
  },
  'DELETE /api/v1/promo-codes/{id}': { path: { id: 'patient' } },
  'GET /api/v1/get-doc-patient': { query: (w) => `userIds=${w.patient}`, reader: 'provider', ownData: true },
  'PUT /api/v1/update-patient-status': { body: (w) => ({ id: w.connection, newStatus: 'rejected' }) },
  'PUT /api/v1/delete-patient-invitation': { body: (w) => ({ id: w.connection }) },
  'PATCH /api/v1/provider/clients/{clientId}/mark-inactive': {
    path: { clientId: 'patient' },
    body: () => ({ reason: 'Moved away' }),
  },
  'POST /api/v1/provider/clients/{id}/generate-reactivation-token': { path: { id: 'patient' } },
  'PATCH /api/v1/provider/clients/{id}/reactivate': { path: { id: 'patient' } },
  'PATCH /api/v1/provider/clients/{clientId}/disconnect': { path: { clientId: 'patient' }, body: () => ({}) },
  'GET /api/v1/provider/clients/{id}/status-history': { path: { id: 'patient' }, reader: 'provider' },
  'GET /api/v1/provider/clients/{id}/connection-status': { path: { id: 'patient' }, reader: 'provider' },
  'PATCH /api/v1/provider/inactive-clients/bulk-update': {
    body: (w) => ({ clientIds: [w.patient], action: 'disconnect' }),
    ownData: true,
  },
  'PUT /api/v1/update-doctor-status': { body: (w) => ({ id: w.connection, newStatus: 'rejected' }) },
  'PUT /api/v1/delete-doctor': { body: (w) => ({ id: w.connection }) },
  'GET /api/v1/goals/': { query: (w) => `patientId=${w.patient}`, reader: 'provider', ownData: true },
  'POST /api/v1/goals/': { body: (w) => ({ text: 'Intruder goal', patientId: w.patient }), ownData: true },
  'GET /api/v1/goals/archived': { query: (w) => `patientId=${w.patient}`, reader: 'provider', ownData: true },
  'GET /api/v1/goals/mention-history/{id}': { path: { id: 'therapistGoal' }, reader: 'provider' },
  'PATCH /api/v1/goals/{goalId}/increment-mention': {
    path: { goalId: 'goal' },
    body: (w) => ({ moodType: 'positive', entryId: w.entry }),
  },
  'GET /api/v1/goals/{id}': { path: { id: 'therapistGoal' }, reader: 'provider' },
  'PUT /api/v1/goals/{id}': { path: { id: 'therapistGoal' }, body: () => ({ text: 'Intruder text' }) },
  'DELETE /api/v1/goals/{id}': { path: { id: 'therapistGoal' } },
  'PATCH /api/v1/goals/{id}/complete': { path: { id: 'therapistGoal' }, body: () => ({}) },
  'PATCH /api/v1/goals/{id}/abandon': { path: { id: 'therapistGoal' }, body: () => ({}) },
  'PATCH /api/v1/goals/{id}/toggle-home': { path: { id: 'goal' }, body: () => ({}) },
  'GET /api/v1/goals/getuser-all-goals/{id}': { path: { id: 'patient' }, reader: 'provider' },
  'POST /api/v1/goals/journal/entries/{entryId}/goals': {
    path: { entryId: 'entry' },
    body: (w) => ({ goalIds: [w.goal], moodType: 'positive' }),
  },
  'GET /api/v1/goals/journal/entries/by-goal/{id}': { path: { id: 'goal' }, reader: 'patient' },
  'POST /api/v1/create-mood': {
    body: (w) => ({
      mood: 'Fine',
      notes: 'An intruder entry.',
      journalType: 'prompt',
      goal: { selectedGoals: [{ goalData: { _id: w.goal } }] },
    }),
  },
  'PUT /api/v1/update-mood/{moodId}': {
    path: { moodId: 'entry' },
    body: () => ({ notes: 'Intruder notes' }),
  },
  'DELETE /api/v1/delete-mood/{id}': { path: { id: 'entry' } },
  'GET /api/v1/get-mood/{id}': { path: { id: 'entry' }, reader: 'patient' },
  'PUT /api/v1/update-mood-swp': { body: (w) => ({ moodId: w.entry, activities: ['Intrusion'] }) },
  'GET /api/v1/get-all-patient-mood/{id}': { path: { id: 'patient' }, reader: 'provider' },
  'GET /api/v1/get-latest-patient-mood/{id}': { path: { id: 'patient' }, reader: 'provider' },
  'GET /api/dashboard/patient-mood-by-date/{patientId}': {
    path: { patientId: 'patient' },
    reader: 'provider',
  },
  'GET /api/dashboard/patient-mood-by-week/{patientId}': {
    path: { patientId: 'patient' },
    reader: 'provider',
  },
  'GET /api/dashboard/patient-mood-count/{patientId}': { path: { patientId: 'patient' }, reader: 'provider' },
  'GET /api/dashboard/patient-mood-analytics/{patientId}': {
    path: { patientId: 'patient' },
    reader: 'provider',
  },
  'POST /api/ai/journal-chat': {
    body: (w) => ({ messages: [{ role: 'user', text: 'What am I working on?' }], goalIds: [w.goal] }),
    ownData: true,
  },
  'GET /api/v1/subscription/local-checkout/{id}': { path: { id: 'checkout' }, reader: 'patient' },
  'POST /api/v1/subscription/local-checkout/{id}/pay': {
    path: { id: 'checkout' },
    body: () => ({ cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', name: 'Intruder' }),
  },
  'PATCH /api/v1/subscriptions/{subscriptionId}/status': {
    path: { subscriptionId: 'subscription' },
    body: () => ({ status: 'canceled' }),
    adminWork: true,
  },
  'POST /api/v1/subscription/create-checkout': {
    body: (w) => ({ planType: 'standard-annual', userId: w.patient }),
  },
  'POST /api/v1/subscription/create': { body: (w) => ({ planType: 'standard-annual', userId: w.patient }) },
  // the plan step of signup: a session is no signup token (401); the token's own user only (403)
  'POST /api/v1/subscription/signup-checkout': {
    body: (w) => ({ planType: 'standard-annual', userId: w.patient }),
  },
  'POST /api/v1/patient/create': { body: (w) => ({ planType: 'standard-annual', userId: w.patient }) },
  'POST /api/v1/subscription/validate-promo': {
    body: (w) => ({ promoCode: 'ANY', planType: 'standard-annual', userId: w.patient, captchaToken: 'x' }),
  },
  'POST /api/v1/subscription/create-patient-subscription': { body: (w) => ({ patientId: w.patient }) },
  // Notifications are their owner's alone: another user's id is unknown (404), a bulk call fails it.
  'PATCH /api/v1/notifications/{id}/read': { path: { id: 'notification' } },
  'DELETE /api/v1/notifications/{id}': { path: { id: 'notification' } },
  'POST /api/v1/notifications/bulk-read': { body: (w) => ({ ids: [w.notification] }), ownData: true },
  'POST /api/v1/notifications/bulk-delete': { body: (w) => ({ ids: [w.notification] }), ownData: true },
  'POST /api/v1/admin/important-updates/{id}/withdraw': { path: { id: 'update' }, adminWork: true },
  // Weekly insights: A's report (shared with P1), a running generation job, the share and a
  // dashboard snapshot shared with P1.
  'GET /api/v1/weekly-report-jobs/{id}': { path: { id: 'weeklyJob' }, reader: 'patient' },
  'POST /api/v1/weekly-report-jobs/{id}/cancel': { path: { id: 'weeklyJob' } },
  'GET /api/v1/fetch-weekly-report/{id}': { path: { id: 'weeklyReport' }, reader: 'provider' },
  'POST /api/v1/share-weekly-report': {
    body: (w) => ({ reportId: w.weeklyReport, doctorEmail: 'someone@example.test' }),
  },
  'DELETE /api/v1/share-weekly-report/{shareId}': { path: { shareId: 'weeklyShare' } },
  'GET /api/v1/shared-weekly-reports/{patientId}': { path: { patientId: 'patient' }, reader: 'provider' },
  'GET /api/v1/dashboard/shared/{id}': { path: { id: 'dashboardShare' }, reader: 'provider' },
  // The Initial Journey: A's therapist profile and conversation, both shared with P1. Generating
  // serves the caller's own journey whatever patient id the body names.
  ...Object.fromEntries(
    [
      'POST /api/v1/generate-therapist-profile',
      'POST /api/v1/generate-therapist-interview-qs',
      'POST /api/v1/generate-email-template',
      'POST /api/v1/generate-self-reflection-summary',
      'POST /api/v1/generate-initial-assessment',
      'POST /api/ai/generate-journey-summary',
    ].map((key): [string, IdRoute] => [
      key,
      { body: (w) => ({ data: { patientId: w.patient } }), ownData: true },
    ]),
  ),
  'POST /api/v1/get-initial-journey-childs': { body: (w) => ({ data: { patientId: w.patient } }) },
  'GET /api/v1/get-client-profile/{patientId}': { path: { patientId: 'patient' }, reader: 'provider' },
  'GET /api/v1/get-client-profile/{patientId}/{limit}': {
    path: { patientId: 'patient', limit: 'journeyLimit' },
    reader: 'provider',
  },
  'GET /api/v1/get-initial-client-profile-by-id/{id}': { path: { id: 'journeyDoc' }, reader: 'provider' },
  'PUT /api/v1/update-initial-client-profile/{id}': {
    path: { id: 'journeyDoc' },
    body: () => ({ clientProfile: { profile_info: { client_name: 'Intruder' } } }),
  },
  'GET /api/v1/ai-documents/{id}': { path: { id: 'journeyDoc' }, reader: 'provider' },
  'GET /api/v1/ai-documents/{id}/pdf': { path: { id: 'journeyDoc' } },
  'GET /api/ai/get-conversation': { query: (w) => `patientId=${w.patient}&all=true`, reader: 'provider' },
  'POST /api/ai/get-ij-EmailTemplate': { body: (w) => ({ patientId: w.patient }) },
  'POST /api/ai/get-therapist-profile': { body: (w) => ({ patientId: w.patient }) },
  'POST /api/ai/share-summary': {
    body: (w) => ({
      doctorEmail: 'someone@example.test',
      summaryTableName: 'ij-therapistprofiles',
      documentId: w.journeyDoc,
    }),
  },
  'DELETE /api/ai/share-summary/{id}': { path: { id: 'journeyShare' } },
  'GET /api/ai/shared-summaries/{id}': { path: { id: 'patient' }, reader: 'provider' },
  // Issue 15: P1's notes, to-do, notes summary and care plan about A, and P1's share with A.
  'POST /api/v1/create-notes': { body: (w) => ({ patientId: w.patient, notes: 'Intruder note' }) },
  'GET /api/v1/get-all-notes/{patientId}': { path: { patientId: 'patient' }, reader: 'provider' },
  'GET /api/v1/notes/{id}': { path: { id: 'note' }, reader: 'provider' },
  'PUT /api/v1/notes/{noteId}': { path: { noteId: 'note' }, body: () => ({ data: { notes: 'Intruder' } }) },
  'DELETE /api/v1/notes/{id}': { path: { id: 'note' } },
  'POST /api/v1/notes/{id}/addenda': { path: { id: 'signedNote' }, body: () => ({ text: 'Intruder' }) },
  'POST /api/v1/generate-ai-summary': { body: (w) => ({ noteId: w.note }) },
  'GET /api/v1/todos/{patientId}': { path: { patientId: 'patient' }, reader: 'provider' },
  'POST /api/v1/todos': { body: (w) => ({ patientId: w.patient, name: 'Intruder' }) },
  'PUT /api/v1/todos/{id}': { path: { id: 'todo' }, body: () => ({ done: true }) },
  'DELETE /api/v1/todos/{id}': { path: { id: 'todo' } },
  'POST /api/ai/generate-notes-summary': { body: (w) => ({ patientId: w.patient }) },
  'POST /api/ai/get-patient-notes-summary': { body: (w) => ({ patientId: w.patient }) },
  'GET /api/ai/notes-summary/{id}': { path: { id: 'notesSummary' }, reader: 'provider' },
  'GET /api/ai/notes-summary/{id}/versions/{version}': {
    path: { id: 'notesSummary', version: 'version' },
    reader: 'provider',
  },
  'PUT /api/ai/update-patient-notes-summary/{id}': {
    path: { id: 'notesSummary' },
    body: () => ({ noteSum: 'Intruder', editMode: 'manual' }),
  },
  'POST /api/ai/generate-careplan': { body: (w) => ({ patientId: w.patient }) },
  'GET /api/ai/get-careplan/{patientId}': { path: { patientId: 'patient' }, reader: 'provider' },
  'GET /api/ai/get-careplan/{patientId}/{limit}': {
    path: { patientId: 'patient', limit: 'journeyLimit' },
    reader: 'provider',
  },
  'GET /api/ai/get-careplan-by-id/{id}': { path: { id: 'carePlan' }, reader: 'provider' },
  'GET /api/ai/careplan/{id}/versions/{version}': {
    path: { id: 'carePlan', version: 'version' },
    reader: 'provider',
  },
  'PUT /api/ai/update-careplan/{id}': { path: { id: 'carePlan' }, body: () => ({ isSigned: true }) },
  'GET /api/ai/careplanItems/{patientId}': { path: { patientId: 'patient' }, reader: 'provider' },
  'POST /api/ai/careplan/{id}/goals/{goalId}/therapist-goal': {
    path: { id: 'carePlan', goalId: 'planGoal' },
  },
  'DELETE /api/ai/provider-share/{id}': { path: { id: 'providerShare' } },
  'GET /api/ai/shared-with-me/{id}': { path: { id: 'providerShare' }, reader: 'patient' },
  'POST /api/v1/provider/measures/assign': { body: (w) => ({ patientId: w.patient, kind: 'gad7' }) },
  'POST /api/v1/provider/measures/assignments/{id}/stop': { path: { id: 'measureAssignment' } },
  'GET /api/v1/provider/clients/{patientId}/measures': { path: { patientId: 'patient' }, reader: 'provider' },
  'POST /api/v1/measures/assignments/{id}/responses': {
    path: { id: 'measureAssignment' },
    body: () => ({ answers: Object.fromEntries([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => [`phq9-${n}`, 1])) }),
  },
  'POST /api/v1/provider/clinical-export/initiate': { body: (w) => ({ patientId: w.patient }) },
  'GET /api/v1/provider/clinical-export/status/{id}': { path: { id: 'clinicalExport' }, reader: 'provider' },
  'GET /api/v1/provider/clinical-export/download/{id}': {
    path: { id: 'clinicalExport' },
    reader: 'provider',
  },
  'GET /api/v1/provider/clinical-export/list/{patientId}': {
    path: { patientId: 'patient' },
    reader: 'provider',
  },
  'GET /api/v1/export/progress/{id}': { path: { id: 'backupExport' }, reader: 'patient' },
  'GET /api/v1/export/download/{id}': { path: { id: 'backupExport' }, reader: 'patient' },
  'GET /api/v1/import/progress/{id}': { path: { id: 'backupImport' }, reader: 'patient' },
  'POST /api/v1/import/cancel/{id}': { path: { id: 'backupImport' } },
  'POST /api/v1/import/validate': { body: (w) => ({ importId: w.backupImport }) },
  'POST /api/v1/import/preview': { body: (w) => ({ importId: w.backupImport }) },
  'POST /api/v1/import/confirm': { body: (w) => ({ importId: w.backupImport }) },
  'POST /api/security/session-timeout': {
    body: (w) => ({ userId: w.patient, reason: 'IDLE_TIMEOUT', duration: 900 }),
    ownData: true,
  },
};

/** Routes whose ids name nothing a client owns, and why they are not in the matrix. */
const notObjectIds: Record<string, string> = {
  'GET /api/v1/get-mood-by-week/{isoDate}': 'a calendar day of the caller’s own journal',
  'POST /api/v1/goals/preset/{presetId}/adopt': 'an id of the shared preset catalogue',
  'GET /api/v1/patient-invite-doctor/{id}':
    'invites a provider by id; any client may invite any approved provider',
  'GET /api/v1/patient/check-feature/{feature}': 'a feature name of the plan catalogue',
  'GET /api/v1/measures/questionnaires/{kind}': 'a measure of the shipped catalogue (PHQ-9, GAD-7)',
  'GET /api/v1/import/template/{type}': 'a template of the shipped catalogue (entries, goals)',
  'GET /api/v1/files/avatars/{userId}/{name}': 'avatars are public by unguessable address (decision 012)',
  'GET /api/v1/journal-photos/{patientId}/{fileId}':
    'reached only through a signed link (photos.api.test.ts)',
};

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
}

/** Whether an operation carries an id: a path parameter, or a query or body field named like one. */
function takesId(operation: Operation): boolean {
  const params = operation.parameters ?? [];
  if (params.some((p) => p.in === 'path')) return true;
  if (params.some((p) => p.in === 'query' && /(^id|Ids?)$/.test(p.name))) return true;
  return /"(id|[A-Za-z_]*Ids?)":\{/.test(JSON.stringify(operation.requestBody ?? {}));
}

const marker = {
  first: 'Oriel',
  last: 'Vantablack',
  notes: 'Moonquartz',
  goal: 'Skyforge walk',
  therapy: 'Emberline breathe',
};

let server: TestServer;
let world: World;
let actors: Record<'owner' | 'provider' | 'admin' | 'otherPatient' | 'otherProvider', Client>;
let ownerEmail: string;
let operations: Record<string, Operation>;

beforeAll(async () => {
  server = await startServer();
  ownerEmail = `oriel-${randomUUID().slice(0, 8)}@example.test`;
  const owner = await server.signIn({ firstName: marker.first, lastName: marker.last, email: ownerEmail });
  const provider = await server.signIn({ role: 'provider' });
  const connection = await connect(server, provider.user.id, owner.user.id);
  const goal = await owner.client.post<{ data: { id: string } }>('/api/v1/goals/', { text: marker.goal });
  const therapistGoal = await provider.client.post<{ data: { id: string } }>('/api/v1/goals/', {
    text: marker.therapy,
    patientId: owner.user.id,
  });
  const entry = await owner.client.post<{ data: { id: string } }>('/api/v1/create-mood', {
    mood: 'Fine',
    notes: `${marker.notes} by the lake.`,
    journalType: 'prompt',
    goal: { selectedGoals: [{ goalData: { _id: goal.body.data.id } }] },
  });
  const checkout = await owner.client.post<{ sessionId: string }>('/api/v1/subscription/create-checkout', {
    planType: 'standard-monthly',
  });
  const later = await owner.client.post<{ sessionId: string }>('/api/v1/subscription/create-checkout', {
    planType: 'standard-annual',
  });
  await owner.client.post(`/api/v1/subscription/local-checkout/${checkout.body.sessionId}/pay`, {
    cardNumber: '4242424242424242',
    expiry: '12/40',
    cvc: '123',
    name: 'Owner',
  });
  const [subscription] = await server.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, owner.user.id));
  const notification = await server.services.notifications.notify(owner.user.id, {
    type: 'connection_update',
    title: 'A note',
    message: `${marker.notes} for you.`,
  });
  const adminUser = await server.createUser({ role: 'admin' });
  const update = await server.services.importantUpdates.create(adminUser.id, {
    title: 'Later',
    message: 'Scheduled far ahead.',
    audience: 'all',
    publishAt: new Date(server.clock.now().getTime() + 365 * 86_400_000),
  });
  const weekly = await weeklyWorld(owner.user.id, provider.user.id);
  const journey = await journeyWorld(owner.user.id, provider.user.id);
  const clinical = await clinicalWorld(provider.client, owner.user.id);
  const backup = await backupWorld(owner.client);
  world = {
    ...backup,
    ...weekly,
    ...journey,
    ...clinical,
    notification: notification!.id,
    update: update.id,
    checkout: later.body.sessionId,
    subscription: subscription!.id,
    patient: owner.user.id,
    entry: entry.body.data.id,
    goal: goal.body.data.id,
    therapistGoal: therapistGoal.body.data.id,
    connection: connection.id,
  };
  actors = {
    owner: owner.client,
    provider: provider.client,
    admin: (await server.signIn({ role: 'admin' })).client,
    otherPatient: (await server.signIn()).client,
    otherProvider: (await server.signIn({ role: 'provider' })).client,
  };
  const document = await server
    .client()
    .get<{ paths: Record<string, Record<string, Operation>> }>('/api/openapi.json');
  operations = Object.fromEntries(
    Object.entries(document.body.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op]),
    ),
  );
});

afterAll(async () => {
  await server.close();
});

/** A's weekly report (shared with P1), a running generation job and a dashboard snapshot for P1. */
async function weeklyWorld(patientId: string, providerId: string) {
  const db = server.database.db;
  const [report] = await db
    .insert(aiDocuments)
    .values({
      patientId,
      kind: 'weeklyReport',
      content: {
        title: 'Your week',
        subtitle: 'A look back',
        startDate: '2026-01-05',
        endDate: '2026-01-11',
        summary: 'A steady week.',
        sections: [],
        reflectionQuestions: [],
        disclaimer: 'Not medical advice.',
      },
      model: 'test',
      promptVersion: 'test',
      periodStart: '2026-01-05',
      periodEnd: '2026-01-11',
      generatedAt: new Date(),
    })
    .returning();
  const [job] = await db
    .insert(weeklyGenerationJobs)
    .values({
      patientId,
      startDate: '2026-01-12',
      endDate: '2026-01-18',
      status: 'generating',
      startTime: new Date(),
    })
    .returning();
  const [share] = await db
    .insert(documentShares)
    .values({ patientId, providerId, kind: 'weeklyReport', documentId: report!.id })
    .returning();
  const [dashboard] = await db
    .insert(dashboardShares)
    .values({ patientId, providerId, data: { entries: 3 } })
    .returning();
  return {
    weeklyReport: report!.id,
    weeklyJob: job!.id,
    weeklyShare: share!.id,
    dashboardShare: dashboard!.id,
  };
}

/** A's Initial Journey: two messages and a therapist profile, both shared with P1. */
async function journeyWorld(patientId: string, providerId: string) {
  const db = server.database.db;
  await db.insert(initialJourneyMessages).values([
    { patientId, seq: 1, role: 'user', text: `I am ${marker.first} and I feel ${marker.notes}.` },
    { patientId, seq: 2, role: 'assistant', text: 'What do you hope for?' },
  ]);
  const list = (item: string) => [item];
  const [doc] = await db
    .insert(aiDocuments)
    .values({
      patientId,
      kind: 'therapistProfile',
      content: {
        profile_info: { client_name: marker.first },
        provider_parameters: {
          expertise_areas: list('Stress'),
          cultural_competencies: [],
          therapeutic_approaches: [],
          practice_focus: [],
        },
        logistical_factors: {
          format: { requirements: [] },
          location: { time_zone: 'America/Denver', preferences: [] },
          language: [],
          scheduling: { preferred_times: [], flexibility: 'Not said yet.' },
        },
        match_priorities: {
          professional_background: { description: `Someone for ${marker.notes}.` },
          communication_style: { preferences: [] },
          treatment_modalities: { preferences: [] },
          session_structure: { preferences: [] },
        },
        search_context: 'From the Initial Journey.',
        disclaimer: 'For self-reflection only.',
      },
      model: 'test',
      promptVersion: 'test',
      generatedAt: new Date(),
    })
    .returning();
  const [share] = await db
    .insert(documentShares)
    .values([
      { patientId, providerId, kind: 'therapistProfile', documentId: doc!.id },
      { patientId, providerId, kind: 'chatHistory', documentId: null },
    ])
    .returning();
  return { journeyDoc: doc!.id, journeyShare: share!.id, journeyLimit: '5' };
}

/** A's finished backup, and a CSV A uploaded to import (waiting for its confirmation). */
async function backupWorld(owner: Client) {
  const started = await owner.post<{ data: { id: string } }>('/api/v1/export/initiate');
  for (let status = ''; status !== 'completed';) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    status = (
      await owner.get<{ data: { status: string } }>(`/api/v1/export/progress/${started.body.data.id}`)
    ).body.data.status;
    if (status === 'failed') throw new Error('the backup of the BOLA world failed');
  }
  const form = new FormData();
  form.append('file', new Blob([`date,mood,notes\n2024-01-02,Fine,${marker.notes}\n`]), 'mine.csv');
  const upload = await owner.request<{ data: { importId: string } }>('POST', '/api/v1/import/initiate', {
    raw: form,
  });
  return { backupExport: started.body.data.id, backupImport: upload.body.data.importId };
}

/** P1's notes (a draft and a signed one), a to-do, a notes summary and a care plan about A (one shared with A), and a PHQ-9 asked of A. */
async function clinicalWorld(provider: Client, patientId: string) {
  const note = (extra: Record<string, unknown>) =>
    provider.post<{ data: { id: string } }>('/api/v1/create-notes', {
      patientId,
      notes: `${marker.notes} came up in the session.`,
      date: '2026-01-05',
      ...extra,
    });
  const draft = await note({});
  const signed = await note({ isSigned: true });
  const todo = await provider.post<{ data: { id: string } }>('/api/v1/todos', {
    patientId,
    name: `Ask about ${marker.notes}`,
  });
  const summary = await provider.post<{ data: { id: string } }>('/api/ai/generate-notes-summary', {
    patientId,
    startDate: '2026-01-01',
    endDate: '2026-01-31',
  });
  const plan = await provider.post<{ data: { id: string; carePlan: { goals: { id: string }[] } } }>(
    '/api/ai/generate-careplan',
    { patientId },
  );
  const share = await provider.post<{ data: { id: string } }>('/api/ai/share-summary', {
    notesSummaryId: summary.body.data.id,
  });
  const measure = await provider.post<{ data: { id: string } }>('/api/v1/provider/measures/assign', {
    patientId,
    kind: 'phq9',
  });
  const exported = await provider.post<{ data: { id: string } }>(
    '/api/v1/provider/clinical-export/initiate',
    {
      patientId,
      format: 'fhir',
    },
  );
  for (let status = ''; status !== 'completed';) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const res = await provider.get<{ data: { status: string } }>(
      `/api/v1/provider/clinical-export/status/${exported.body.data.id}`,
    );
    status = res.body.data.status;
    if (status === 'failed') throw new Error('the clinical export of the BOLA world failed');
  }
  return {
    clinicalExport: exported.body.data.id,
    measureAssignment: measure.body.data.id,
    note: draft.body.data.id,
    signedNote: signed.body.data.id,
    todo: todo.body.data.id,
    notesSummary: summary.body.data.id,
    carePlan: plan.body.data.id,
    planGoal: plan.body.data.carePlan.goals[0]!.id,
    providerShare: share.body.data.id,
    version: '1',
  };
}

/** Everything of A's that a call could change, as one comparable value. */
async function ownerState(): Promise<string> {
  const db = server.database.db;
  const { patient, connection } = world;
  const rows = await Promise.all([
    db.select().from(users).where(eq(users.id, patient)),
    db.select().from(subscriptions).where(eq(subscriptions.userId, patient)),
    db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, patient)),
    db.select().from(invoices).where(eq(invoices.userId, patient)),
    db.select().from(journalEntries).where(eq(journalEntries.patientId, patient)),
    db.select().from(goals).where(eq(goals.patientId, patient)),
    db.select().from(goalMentions).where(eq(goalMentions.patientId, patient)),
    db.select().from(goalEntryLinks).where(eq(goalEntryLinks.patientId, patient)),
    db
      .select()
      .from(connections)
      .where(or(eq(connections.patientId, patient), eq(connections.id, connection))),
    db
      .select()
      .from(connectionEvents)
      .where(inArray(connectionEvents.connectionId, [connection])),
    db.select().from(notifications).where(eq(notifications.userId, patient)),
    db
      .select()
      .from(reactivationTokens)
      .where(inArray(reactivationTokens.connectionId, [connection])),
    db.select().from(aiDocuments).where(eq(aiDocuments.patientId, patient)),
    db.select().from(weeklyGenerationJobs).where(eq(weeklyGenerationJobs.patientId, patient)),
    db.select().from(documentShares).where(eq(documentShares.patientId, patient)),
    db.select().from(dashboardShares).where(eq(dashboardShares.patientId, patient)),
    db.select().from(initialJourneyMessages).where(eq(initialJourneyMessages.patientId, patient)),
    db.select().from(providerNotes).where(eq(providerNotes.patientId, patient)),
    db.select().from(noteAddenda),
    db.select().from(providerTodos).where(eq(providerTodos.patientId, patient)),
    db.select().from(notesSummaries).where(eq(notesSummaries.patientId, patient)),
    db.select().from(notesSummaryVersions),
    db.select().from(carePlans).where(eq(carePlans.patientId, patient)),
    db.select().from(carePlanVersions),
    db.select().from(providerShares).where(eq(providerShares.patientId, patient)),
    db.select().from(measureAssignments).where(eq(measureAssignments.patientId, patient)),
    db.select().from(measureResponses).where(eq(measureResponses.patientId, patient)),
    db.select().from(backupExports).where(eq(backupExports.userId, patient)),
    db.select().from(backupImports).where(eq(backupImports.userId, patient)),
  ]);
  return JSON.stringify(rows);
}

function requestFor(key: string, route: IdRoute) {
  const [method = 'GET', template = ''] = key.split(' ');
  let path = template;
  for (const [name, kind] of Object.entries(route.path ?? {})) path = path.replace(`{${name}}`, world[kind]);
  const query = route.query?.(world);
  return { method, path: query ? `${path}?${query}` : path, body: route.body?.(world) };
}

const leaks = (text: string) =>
  [marker.first, marker.last, marker.notes, marker.goal, marker.therapy, ownerEmail].filter((m) =>
    text.includes(m),
  );

describe('BOLA matrix: every id-taking route, every outsider', () => {
  it('lists every route that takes an id (new routes join by failing here)', () => {
    const unlisted = Object.entries(operations)
      .filter(([key, op]) => takesId(op) && !(key in matrix) && !(key in notObjectIds))
      .map(([key]) => key);
    expect(unlisted).toEqual([]);
    const gone = Object.keys(matrix).filter((key) => !(key in operations));
    expect(gone).toEqual([]);
  });

  it('gives the rightful reader of each read route its data with these ids', async () => {
    const clientOf = { patient: actors.owner, provider: actors.provider, admin: actors.admin };
    for (const [key, route] of Object.entries(matrix)) {
      if (!route.reader) continue;
      const { method, path } = requestFor(key, route);
      const reply = await clientOf[route.reader].request(method, path);
      expect(reply.status, key).toBe(200);
    }
  });

  it('answers an outsider with nothing of the owner and changes nothing', async () => {
    const outsiders = {
      'another client': actors.otherPatient,
      'an unconnected provider': actors.otherProvider,
      'an admin': actors.admin,
    };
    const failures: string[] = [];
    for (const [key, route] of Object.entries(matrix)) {
      const { method, path, body } = requestFor(key, route);
      for (const [who, client] of Object.entries(outsiders)) {
        // Approving, deleting and looking up accounts is the admin's own work.
        if (who === 'an admin' && (key.includes('/users/{id}/') || route.accountDetails || route.adminWork))
          continue;
        const before = await ownerState();
        const reply = await client.request(method, path, body === undefined ? {} : { body });
        const text = JSON.stringify(reply.body);
        const problems = [
          reply.status >= 500 ? `answered ${reply.status}` : '',
          reply.status < 300 && !route.ownData ? `answered ${reply.status}` : '',
          leaks(text).length > 0 ? `leaked ${leaks(text).join(', ')}` : '',
          (await ownerState()) !== before ? "changed the owner's data" : '',
        ].filter(Boolean);
        if (problems.length > 0) failures.push(`${key} as ${who}: ${problems.join('; ')}`);
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
