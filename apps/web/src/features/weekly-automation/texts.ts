import { minimumWeeklyEntries } from '@mindledger/domain';

/**
 * Texts of the weekly automation screen that the spec does not quote (ours). The quoted ones live
 * in the domain (`weeklyInsightMessages`).
 */
export const automationTexts = {
  title: 'Weekly Automation',
  description: 'Have your weekly insights generated for you, on the day of the week you choose.',
  scheduleTitle: 'Your schedule',
  on: 'Automation on',
  off: 'Automation off',
  unsaved: 'Unsaved changes',
  every: (day: string, timezone: string) => `Every ${day} at 12:00 AM (${timezone})`,
  period: (day: string, previousDay: string) => `${day} 12:00 AM to ${previousDay} 11:59:59 PM`,
  periodLabel: 'Each report covers',
  offNote: 'Automatic generation is off: no weekly insights are generated for you until you turn it on.',
  generation: 'Automatic generation',
  generationHint: 'Generate my weekly insights every week, without my having to ask.',
  dayLabel: 'Generation day',
  dayHint:
    'Your insights are generated at 12:00 AM on this day. Choosing a day turns automatic generation on.',
  howTitle: 'How it works',
  how: (day: string, previousDay: string, timezone: string) => [
    `Every ${day} at 12:00 AM (${timezone}), your weekly insights are generated from your journal entries of the week before.`,
    `Each report covers ${day} 12:00 AM to ${previousDay} 11:59:59 PM of the past week.`,
    'You get a notification when your insights are ready, and they appear on your Weekly Insights page.',
    'Your time zone comes from your profile: change it in Profile Settings and the schedule follows.',
    'Weekly insights need an active Standard subscription.',
  ],
  noteTitle: 'Note',
  note: `At least ${minimumWeeklyEntries} journal entries from the previous week are needed for a meaningful summary.`,
  recipientsTitle: 'Recipients',
  recipientsHint: 'Your connected providers. You manage them in My Providers.',
  noRecipients: 'No connected providers yet.',
  viewInsights: 'View My Weekly Insights',
  save: 'Save Settings',
  cancel: 'Cancel',
} as const;
