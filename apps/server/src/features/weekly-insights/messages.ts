/**
 * The server's texts of weekly insights that the spec does not quote (docs/API-weekly-insights.md).
 * The quoted ones live in the domain (`weeklyInsightMessages`, `aiDocumentMessages`).
 */
export const weeklyTexts = {
  invalidDates: 'Please choose a valid start and end date.',
  endBeforeStart: 'The end date must be on or after the start date.',
  tooLong: 'A weekly report covers at most 7 days.',
  future: 'Weekly insights can only cover days that have already started.',
  featureLabel: 'weekly insights',
  jobNotFound: 'Generation job not found',
  jobFinished: 'This generation has already finished.',
  reportNotFound: 'Weekly report not found',
  shareNotFound: 'Share not found',
  shared: 'Weekly report shared successfully.',
  shareWithdrawn: 'Sharing withdrawn. The provider can no longer see this report.',
  providerNotConnected:
    'This provider is not connected with you. Reports can be shared only with providers whose invitation you accepted.',
  dashboardShared: 'Dashboard shared successfully.',
  dashboardProviderTitle: 'Dashboard shared with you',
  dashboardProviderMessage: (name: string) => `${name} shared a snapshot of their mood dashboard with you.`,
  dashboardNotFound: 'Shared dashboard not found',
  dashboardInvalid: 'The dashboard data could not be shared. Please try again.',
  dashboardTooLarge: 'The dashboard data is too large to share (at most 64 KB).',
  timedOut: 'Generation took too long and was stopped. Please try again.',
  unavailable: 'The insights service is unavailable right now. Please try again later.',
  /** The client's notification: no PHI, only that something waits behind login. */
  readyTitle: 'Weekly Insights Ready!',
  readyMessage: 'Your weekly insights are ready',
  providerTitle: 'Client Weekly Summary',
  providerMessage: (client: string) => `${client} shared their weekly insights with you.`,
} as const;
