import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import type { AiJournalService } from './ai-journal/service.js';
import type { Captcha } from '../platform/captcha.js';
import type { AuthService } from './auth/service.js';
import type { BillingService } from './billing/service.js';
import type { ConnectionsService } from './connections/service.js';
import type { ClinicalNotesService } from './clinical-notes/service.js';
import type { NoteSummaryWriter } from './clinical-notes/note-summary.js';
import type {
  CarePlansService,
  NotesSummariesService,
  ProviderSharesService,
} from './clinical-documents/index.js';
import type { GoalsService } from './goals/service.js';
import type { JournalService } from './journal/service.js';
import type { MeasuresService } from './measures/index.js';
import type { ClinicalExportService } from './clinical-export/index.js';
import type { BackupService } from './backup/index.js';
import type { ConsentsService, LegalService } from './legal/index.js';
import type { InitialJourneyService } from './initial-journey/service.js';
import type { ImportantUpdates } from './notifications/important-updates.js';
import type { NotificationsService } from './notifications/service.js';
import type { ProfileService } from './profile/service.js';
import type { WeeklyReportGenerator } from './weekly-automation/generator.js';
import type { WeeklyAutomationService } from './weekly-automation/service.js';

/** Where a feature's routes are mounted: the spec's call paths. */
export type ApiPrefix = '/api/v1' | '/api' | '/api/ai';

export interface FeatureRoutes {
  prefix: ApiPrefix;
  plugin: FastifyPluginAsyncZod;
}

/** The services features share (one instance each per process, built by `createServices`). */
export interface Services {
  auth: AuthService;
  profile: ProfileService;
  connections: ConnectionsService;
  goals: GoalsService;
  journal: JournalService;
  aiJournal: AiJournalService;
  /** Subscriptions: plans, checkout, the paid-feature guard (`requireFeature`). */
  billing: BillingService;
  /** The one notify service (in-app, email, push, live streams) and the admin's important updates. */
  notifications: NotificationsService;
  importantUpdates: ImportantUpdates;
  captcha: Captcha;
  /** The Initial Journey: conversation, documents, sharing (features/initial-journey). */
  initialJourney: InitialJourneyService;
  /** Weekly automation settings and the `weekly-insights` schedule (features/weekly-automation). */
  weeklyAutomation: WeeklyAutomationService;
  /** The weekly report generator of the automation nights; without it, automation runs do nothing. */
  weeklyInsights?: WeeklyReportGenerator;
  /** A provider's notes, addenda and to-dos (features/clinical-notes). */
  clinicalNotes: ClinicalNotesService;
  noteSummaries: NoteSummaryWriter;
  /** Notes summaries, care plans and provider shares (features/clinical-documents). */
  notesSummaries: NotesSummariesService;
  carePlans: CarePlansService;
  providerShares: ProviderSharesService;
  /** PHQ-9 and GAD-7: assignments, responses, safety alerts (features/measures). */
  measures: MeasuresService;
  /** Clinical exports (PDF, FHIR R4) and the client's own copy (features/clinical-export). */
  clinicalExport: ClinicalExportService;
  /** Backup export and import of a client's own data (features/backup). */
  backup: BackupService;
  /** The legal documents' acceptance and a client's consents (features/legal). */
  legal: LegalService;
  consents: ConsentsService;
}

/**
 * What a feature's `index.ts` exports (docs/ARCHITECTURE.md "Adding a feature"): its HTTP routes,
 * and its jobs and schedules, registered on `ctx.jobs` with `register`, `every` or
 * `perUserSchedule`. The server mounts the routes and registers the jobs; `npm run worker` registers
 * the same jobs, so a job runs the same in either process.
 */
export interface Feature {
  name: string;
  routes?(ctx: AppContext, services: Services): FeatureRoutes[];
  jobs?(ctx: AppContext, services: Services): void;
}
