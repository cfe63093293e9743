/**
 * Texts of the notification settings screen that the spec does not quote (ours, decision record of
 * issue 13). The quoted ones live in the domain (`notificationMessages`, `notificationTexts`).
 */
export const settingsTexts = {
  title: 'Notification Settings',
  description: 'Choose which reminders and updates you get, and how they reach you.',
  loading: 'Loading notification settings...',
  save: 'Save Notification Settings',
  tabNotifications: 'Notifications',
  tabDelivery: 'Delivery Methods',
  personalReminders: 'Personal Reminders',
  platformUpdates: 'Platform Updates',
  journalReminders: 'Journal Reminders',
  journalRemindersHint: 'A gentle nudge to journal once a day. Skipped on days you have already journaled.',
  preferredTime: 'Preferred Time',
  weeklyInsights: 'Weekly Insights Sharing',
  weeklyInsightsHint: 'A weekly reminder to look back on your week and share your insights.',
  teamUpdates: 'Team Updates',
  teamUpdatesHint:
    'Important announcements from the MindLedger team: new features, service changes and policy updates.',
  weeklyCardTitle: 'Weekly summary notifications',
  automationOn: 'Automation on',
  automationOff: 'Automation off',
  automationNone: 'Not set up',
  editAutomation: 'Edit Weekly Automation',
  setupAutomation: 'Setup Weekly Automation',
  howItWorksTitle: 'How notifications work',
  howItWorks:
    'Every reminder and update appears in the notification bell while you use MindLedger. Device notifications also reach this browser when the app is closed, and email notifications go to your inbox. Choose any combination.',
  deviceNotifications: 'Device Notifications',
  deviceNotificationsHint: 'Reminders and updates on this device, even when MindLedger is closed.',
  customMessage: 'Custom reminder message (optional)',
  customMessageHint:
    'Leave it blank to use the default. Keep it general: no names, health details or numbers.',
  preview: 'Preview',
  emailNotifications: 'Email Notifications',
  emailNotificationsHint: 'Choose which notifications also arrive by email.',
  emailTypesLegend: 'Email me about',
  emailJournal: 'Journal Reminders',
  emailWeekly: 'Weekly Progress Reviews',
  emailTeam: 'Team Updates',
  emailNote: (email: string) =>
    `Emails go to ${email}. Each one has a one-click unsubscribe link. They may take a few minutes to arrive; check your spam folder if you miss one.`,
  privacyTitle: 'Your privacy',
  privacy:
    'Notifications never contain your journal entries, moods or other health information: they carry only general prompts such as "Ready to reflect?". We handle your data in line with HIPAA. Keep your custom message general too; a message that looks like it holds personal health information is replaced with a secure default.',
  pushOn: 'Device notifications are on for this browser.',
  pushOff: 'Device notifications are off.',
  pushBlocked:
    "Notifications were not allowed. You can allow them for this site in your browser's settings and try again.",
  pushUnavailable:
    "Push notifications are not available on this browser. You'll see reminders in the app and as browser notifications while MindLedger is open.",
  permissionBlockedNote: "Notifications are blocked for this site in your browser's settings.",
  permissionBody:
    "Turn on device notifications to get your journal reminders and weekly insights even when MindLedger isn't open. Your browser will ask for permission next. Notifications never show what you wrote.",
  deviceCount: (n: number) => `Registered on ${n} ${n === 1 ? 'device' : 'devices'}.`,
} as const;

export const weekdayNames = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
