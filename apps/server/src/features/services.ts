import type { AppContext } from '../context.js';
import { AiJournalService } from './ai-journal/service.js';
import { Captcha } from '../platform/captcha.js';
import { AuthService } from './auth/service.js';
import { createBillingPort } from './billing/provider.js';
import { BillingService } from './billing/service.js';
import { ConnectionsService } from './connections/service.js';
import type { Services } from './feature.js';
import { GoalsService } from './goals/service.js';
import { JournalService } from './journal/service.js';
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
  const billing = new BillingService(ctx, createBillingPort(ctx));
  return {
    auth,
    profile: new ProfileService(ctx, auth),
    connections: new ConnectionsService(ctx),
    goals,
    journal: new JournalService(ctx, goals),
    aiJournal: new AiJournalService(ctx),
    billing,
    notifications,
    importantUpdates: new ImportantUpdates(ctx, notifications),
    captcha: new Captcha(ctx.config.jwtSecret, ctx.store),
    initialJourney: new InitialJourneyService(ctx, billing),
    weeklyAutomation: new WeeklyAutomationService(ctx),
    weeklyInsights: new WeeklyInsightsService(ctx, billing),
  };
}
