import { adminFeature } from './admin/index.js';
import { aiJournalFeature } from './ai-journal/index.js';
import { auditFeature } from './audit/index.js';
import { backupFeature } from './backup/index.js';
import { billingFeature } from './billing/index.js';
import { authFeature } from './auth/index.js';
import { connectionsFeature } from './connections/index.js';
import { clinicalNotesFeature } from './clinical-notes/index.js';
import { clinicalDocumentsFeature } from './clinical-documents/index.js';
import { clinicalExportFeature } from './clinical-export/index.js';
import { devFeature } from './dev/index.js';
import type { Feature } from './feature.js';
import { goalsFeature } from './goals/index.js';
import { healthFeature } from './health/index.js';
import { initialJourneyFeature } from './initial-journey/index.js';
import { journalFeature } from './journal/index.js';
import { legalFeature } from './legal/index.js';
import { measuresFeature } from './measures/index.js';
import { notificationsFeature } from './notifications/index.js';
import { profileFeature } from './profile/index.js';
import { promoCodesFeature } from './promo-codes/index.js';
import { weeklyAutomationFeature } from './weekly-automation/index.js';
import { weeklyInsightsFeature } from './weekly-insights/index.js';

export type { ApiPrefix, Feature, FeatureRoutes, Services } from './feature.js';
export { createServices } from './services.js';

/** Every server feature: `app.ts` mounts their routes, `app.ts` and `worker.ts` register their jobs. */
export const features: readonly Feature[] = [
  authFeature,
  profileFeature,
  adminFeature,
  promoCodesFeature,
  connectionsFeature,
  goalsFeature,
  journalFeature,
  auditFeature,
  healthFeature,
  devFeature,
  aiJournalFeature,
  billingFeature,
  notificationsFeature,
  initialJourneyFeature,
  weeklyAutomationFeature,
  weeklyInsightsFeature,
  clinicalNotesFeature,
  clinicalDocumentsFeature,
  measuresFeature,
  clinicalExportFeature,
  backupFeature,
  legalFeature,
];
