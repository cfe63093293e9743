import type { AppContext } from '../context.js';
import { AiJournalService } from './ai-journal/service.js';
import { Captcha } from '../platform/captcha.js';
import { AuthService } from './auth/service.js';
import { createBillingPort } from './billing/provider.js';
import { BillingService } from './billing/service.js';
import { ConnectionsService } from './connections/service.js';
import { ClinicalNotesService } from './clinical-notes/service.js';
import { NoteSummaryWriter } from './clinical-notes/note-summary.js';
import {
  CarePlansService,
  ClinicalDocumentsRepo,
  NotesSummariesService,
  ProviderSharesService,
} from './clinical-documents/index.js';
import type { Services } from './feature.js';
import { GoalsService } from './goals/service.js';
import { JournalService } from './journal/service.js';
import { MeasuresService } from './measures/index.js';
import { ClinicalExportService } from './clinical-export/index.js';
import { BackupService } from './backup/index.js';
import { ConsentsService, LegalService } from './legal/index.js';
import { InitialJourneyService } from './initial-journey/service.js';
import { ImportantUpdates } from './notifications/important-updates.js';
import { NotificationsService } from './notifications/service.js';
import { ProfileService } from './profile/service.js';
import { WeeklyAutomationService } from './weekly-automation/service.js';
import { WeeklyInsightsService } from './weekly-insights/service.js';

/** The shared services, in the order they depend on each other. */
export function createServices(ctx: AppContext): Services {
  const auth = new AuthService(ctx);
  const goals = new GoalsService(ctx);
  const notifications = new NotificationsService(ctx);
  // Tests ask little work of the captcha: what they check is its binding, not its cost.
  const captcha = new Captcha(ctx.config.jwtSecret, ctx.store, ctx.config.env === 'test' ? 2_000 : undefined);
  const billing = new BillingService(ctx, createBillingPort(ctx), captcha);
  const clinicalNotes = new ClinicalNotesService(ctx);
  const initialJourney = new InitialJourneyService(ctx, billing);
  const documents = new ClinicalDocumentsRepo(ctx.db);
  const weeklyAutomation = new WeeklyAutomationService(ctx);
  return {
    notesSummaries: new NotesSummariesService(ctx, documents, clinicalNotes, initialJourney),
    carePlans: new CarePlansService(ctx, documents, clinicalNotes, goals),
    providerShares: new ProviderSharesService(ctx, documents, clinicalNotes),
    clinicalNotes,
    noteSummaries: new NoteSummaryWriter(ctx, clinicalNotes),
    auth,
    profile: new ProfileService(ctx, auth),
    connections: new ConnectionsService(ctx),
    goals,
    journal: new JournalService(ctx, goals),
    aiJournal: new AiJournalService(ctx),
    billing,
    notifications,
    importantUpdates: new ImportantUpdates(ctx, notifications),
    captcha,
    initialJourney,
    weeklyAutomation,
    weeklyInsights: new WeeklyInsightsService(ctx, billing),
    measures: new MeasuresService(ctx, notifications),
    clinicalExport: new ClinicalExportService(ctx),
    backup: new BackupService(ctx, notifications, weeklyAutomation),
    legal: new LegalService(ctx),
    consents: new ConsentsService(ctx),
  };
}
