import { describe, expect, it } from 'vitest';
import {
  badgeText,
  defaultNotificationSettings,
  guardReminderMessage,
  hourLabel,
  mayContainPhi,
  mergeNotificationSettings,
  notificationPriority,
  notificationTypes,
  phiSafeMessage,
  relativeTime,
  reminderBody,
  storedNotificationSettings,
  stripReminderChars,
} from './index.js';

describe('notification priority (Part 2 §5)', () => {
  it('is high for important updates, medium for journal and weekly reminders, low for the rest', () => {
    expect(notificationPriority('important_update')).toBe('high');
    expect(notificationPriority('journal_reminder')).toBe('medium');
    expect(notificationPriority('weekly_summary_reminder')).toBe('medium');
    // ours: a questionnaire to complete is a reminder; a safety alert is urgent
    expect(notificationPriority('measure_assigned')).toBe('medium');
    expect(notificationPriority('measure_alert')).toBe('high');
    const rest = notificationTypes.filter(
      (t) =>
        ![
          'important_update',
          'journal_reminder',
          'weekly_summary_reminder',
          'measure_assigned',
          'measure_alert',
        ].includes(t),
    );
    for (const type of rest) expect(notificationPriority(type)).toBe('low');
  });
});

describe('badge and relative time (Part 2 §9)', () => {
  it('caps the badge at 99+', () => {
    expect(badgeText(0)).toBe('0');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('says Just now, then minutes, hours, days, then the date', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const ago = (s: number) => relativeTime(new Date(now.getTime() - s * 1000), now, 'UTC');
    expect(ago(0)).toBe('Just now');
    expect(ago(59)).toBe('Just now');
    expect(ago(60)).toBe('1 minute ago');
    expect(ago(59 * 60)).toBe('59 minutes ago');
    expect(ago(3600)).toBe('1 hour ago');
    expect(ago(23 * 3600)).toBe('23 hours ago');
    expect(ago(24 * 3600)).toBe('1 day ago');
    expect(ago(6 * 86400)).toBe('6 days ago');
    expect(ago(7 * 86400)).toBe('Nov 18, 2026');
  });

  it('labels the hours 12:00 AM to 11:00 PM', () => {
    expect(hourLabel(0)).toBe('12:00 AM');
    expect(hourLabel(11)).toBe('11:00 AM');
    expect(hourLabel(12)).toBe('12:00 PM');
    expect(hourLabel(23)).toBe('11:00 PM');
  });
});

describe('the custom reminder message PHI guard (Part 2 §5)', () => {
  const flagged = [
    'My SSN is 123-45-6789',
    'number 123 45 6789',
    'id 123456789',
    'Call 5551234567',
    'account 12345678901234',
    'Take medication Prozac',
    'my meds tonight',
    'pill reminder',
    'prescription refill',
    'diagnosis depression',
    'my condition worsens',
    'disease control',
    'disorder anxiety',
    'see doctor Smith',
    'Dr. Jones at 5',
    'dr.jones',
    'physician visit',
    'hospital visit',
    'clinic appointment',
    'medical center downtown',
  ];
  for (const message of flagged)
    it(`replaces "${message}"`, () => {
      expect(mayContainPhi(message)).toBe(true);
      expect(guardReminderMessage(message)).toEqual({ message: phiSafeMessage, replaced: true });
    });

  const passing = [
    'Time to write about your day',
    'Remember to breathe',
    'Call mom at 5',
    'My lucky number is 12345',
    'Twelve-34-5678 steps',
    'medication',
    'Take your time, doctor',
    'the hospital.',
    'drive safely',
    'conditional love',
  ];
  for (const message of passing)
    it(`keeps "${message}"`, () => {
      expect(mayContainPhi(message)).toBe(false);
      expect(guardReminderMessage(message).replaced).toBe(false);
    });

  it('strips < > " \' &, removes markup, caps 100 characters, and blank means the default', () => {
    expect(stripReminderChars('a<b>"c\'&d')).toBe('abcd');
    expect(guardReminderMessage('<script>alert(1)</script>Hello "you" & me').message).toBe('Hello you me');
    expect(guardReminderMessage('x'.repeat(150)).message).toHaveLength(100);
    expect(guardReminderMessage('   ')).toEqual({ message: '', replaced: false });
    expect(reminderBody('')).toBe('Start wherever feels right...');
    expect(reminderBody('Breathe')).toBe('Breathe');
  });
});

describe('settings merge', () => {
  it('merges a partial update, guards the message and keeps the reminder texts', () => {
    const { settings, messageReplaced } = mergeNotificationSettings(defaultNotificationSettings, {
      pushNotifications: false,
      reminderConfig: { dailyHour: 8 },
      emailTypes: { teamUpdates: false },
      reminderMessages: { title: 'Changed' },
      customMessage: 'clinic visit',
    });
    expect(settings.pushNotifications).toBe(false);
    expect(settings.reminderConfig).toEqual({ ...defaultNotificationSettings.reminderConfig, dailyHour: 8 });
    expect(settings.emailTypes).toEqual({ journalReminders: true, weeklyReviews: true, teamUpdates: false });
    expect(settings.reminderMessages.title).toBe('Ready to reflect?');
    expect(settings.customMessage).toBe(phiSafeMessage);
    expect(messageReplaced).toBe(true);
  });

  it('reads stored settings over the defaults, and junk as the defaults', () => {
    expect(storedNotificationSettings({ impUpdates: false }).impUpdates).toBe(false);
    expect(storedNotificationSettings({ impUpdates: false }).journalReminders).toBe(true);
    expect(storedNotificationSettings('junk')).toEqual(defaultNotificationSettings);
    expect(storedNotificationSettings({ dailyHour: 'x' })).toEqual(defaultNotificationSettings);
  });
});
