import { describe, expect, it } from 'vitest';
import type { NotificationResponse, NotificationType } from '@mindledger/domain';
import { externalLink, isInAppPath, notificationsPath, notificationTarget } from './targets';

const n = (type: NotificationType, data: NotificationResponse['data'] = {}) => ({ type, data });

describe('notificationTarget', () => {
  it('follows data.url when it is an in-app path', () => {
    expect(notificationTarget('patient', n('wellness_tip', { url: '/user/goals' }))).toBe('/user/goals');
    expect(notificationTarget('patient', n('journal_reminder', { url: '/user/home?x=1' }))).toBe(
      '/user/home?x=1',
    );
  });

  it('never navigates to another host', () => {
    for (const url of [
      'https://evil.example/x',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      ' /user/goals',
    ])
      expect(notificationTarget('patient', n('journal_reminder', { url }))).toBe('/user/journaling-feature');
    expect(
      notificationTarget('patient', n('important_update', { updateUrl: 'https://example.org/news' })),
    ).toBe('/user/notifications');
  });

  it('maps each type for a patient', () => {
    expect(notificationTarget('patient', n('journal_reminder'))).toBe('/user/journaling-feature');
    expect(notificationTarget('patient', n('mood_checkin'))).toBe('/user/mood-selector');
    expect(notificationTarget('patient', n('goal_reminder'))).toBe('/user/goals');
    expect(notificationTarget('patient', n('weekly_summary_reminder'))).toBe('/user/journaling-feature');
    expect(notificationTarget('patient', n('weekly_summary_generated'))).toBe('/user/report');
    expect(notificationTarget('patient', n('connection_update'))).toBe('/user/providers');
    expect(notificationTarget('patient', n('important_update', { updateUrl: '/user/home' }))).toBe(
      '/user/home',
    );
    expect(notificationTarget('patient', n('important_update'))).toBe('/user/notifications');
    expect(notificationTarget('patient', n('wellness_tip'))).toBe('/user/notifications');
    expect(notificationTarget('patient', n('security_alert'))).toBe('/profile/edit-profile');
  });

  it('maps provider types and falls back to the role’s page for another role’s target', () => {
    expect(notificationTarget('provider', n('connection_update'))).toBe('/provider/dashboard');
    expect(notificationTarget('provider', n('weekly_summary_to_provider', { clientId: 'c 1' }))).toBe(
      '/provider/patient-overview/c%201',
    );
    expect(notificationTarget('provider', n('weekly_summary_to_provider'))).toBe('/provider/dashboard');
    expect(notificationTarget('provider', n('journal_reminder'))).toBe('/provider/notifications');
    expect(notificationTarget('admin', n('connection_update'))).toBe('/admin/notifications');
    expect(notificationTarget('admin', n('important_update', { updateUrl: '/admin/all-users' }))).toBe(
      '/admin/all-users',
    );
    expect(notificationTarget('patient', n('important_update', { url: '/admin/all-users' }))).toBe(
      '/user/notifications',
    );
  });

  it('knows the notifications page of each role', () => {
    expect(notificationsPath('patient')).toBe('/user/notifications');
    expect(notificationsPath('provider')).toBe('/provider/notifications');
    expect(notificationsPath('admin')).toBe('/admin/notifications');
  });
});

describe('externalLink', () => {
  it('is the http(s) update or tip address, never an in-app or script one', () => {
    expect(externalLink(n('important_update', { updateUrl: 'https://example.org/a' }))).toBe(
      'https://example.org/a',
    );
    expect(externalLink(n('wellness_tip', { tipUrl: 'https://example.org/tip' }))).toBe(
      'https://example.org/tip',
    );
    expect(externalLink(n('important_update', { updateUrl: '/user/home' }))).toBeNull();
    expect(externalLink(n('important_update', { updateUrl: 'javascript:alert(1)' }))).toBeNull();
    expect(externalLink(n('important_update'))).toBeNull();
  });

  it('isInAppPath', () => {
    expect(isInAppPath('/user/goals')).toBe(true);
    expect(isInAppPath('//x')).toBe(false);
    expect(isInAppPath('user/goals')).toBe(false);
    expect(isInAppPath(undefined)).toBe(false);
  });
});
