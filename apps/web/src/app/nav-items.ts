import type { ComponentType } from 'react';
import {
  IconBell,
  IconClipboardList,
  IconCompass,
  IconNotebook,
  IconEyeCheck,
  IconInbox,
  IconStethoscope,
  IconTarget,
  IconUserOff,
  IconUsersGroup,
  IconCalendarStats,
  IconCreditCard,
  IconDatabaseExport,
  IconDiscount,
  IconReceipt,
  IconReportAnalytics,
  IconSpeakerphone,
  IconUsers,
  IconShieldLock,
} from '@tabler/icons-react';
import type { Role } from '@mindledger/domain';
import { isPathRegistered } from './route-registry';

/**
 * Navigation as data (Part 1 §6, Part 2 §2). Every entry the spec names is listed here; an entry
 * shows only when its route is registered, so a feature that lands its route lights up its link.
 */
export interface NavItem {
  label: string;
  to: string;
  roles: readonly Role[];
  icon?: ComponentType<{ size?: number | string; stroke?: number }>;
}

/**
 * Main navigation. Admin: Users, Promo Codes, Subscriptions, Important Updates. Client: Journal, Goals,
 * Weekly Insights, Initial Journey (decision 084), My Providers, From My Providers (what providers
 * share), Questionnaires (PHQ-9, GAD-7), Access History. Provider: Clients (the dashboard), Inactive Clients.
 */
export const mainNavItems: readonly NavItem[] = [
  { label: 'Journal', to: '/user/journaling-feature', roles: ['patient'], icon: IconNotebook },
  { label: 'Goals', to: '/user/goals', roles: ['patient'], icon: IconTarget },
  { label: 'Weekly Insights', to: '/user/report', roles: ['patient'], icon: IconReportAnalytics },
  { label: 'Initial Journey', to: '/user/initial-journey', roles: ['patient'], icon: IconCompass },
  { label: 'My Providers', to: '/user/providers', roles: ['patient'], icon: IconStethoscope },
  { label: 'From My Providers', to: '/user/from-providers', roles: ['patient'], icon: IconInbox },
  { label: 'Questionnaires', to: '/user/measures', roles: ['patient'], icon: IconClipboardList },
  { label: 'Access History', to: '/user/access-history', roles: ['patient'], icon: IconEyeCheck },
  { label: 'Clients', to: '/provider/dashboard', roles: ['provider'], icon: IconUsersGroup },
  { label: 'Inactive Clients', to: '/provider/inactive-clients', roles: ['provider'], icon: IconUserOff },
  { label: 'Users', to: '/admin/all-users', roles: ['admin'], icon: IconUsers },
  { label: 'Promo Codes', to: '/admin/promo-codes', roles: ['admin'], icon: IconDiscount },
  { label: 'Subscriptions', to: '/admin/subscriptions', roles: ['admin'], icon: IconReceipt },
  { label: 'Important Updates', to: '/admin/important-updates', roles: ['admin'], icon: IconSpeakerphone },
];

/** The Patient's header Settings link goes to the notification settings (a gear: the bell beside it is the notifications). */
export const headerLinks: readonly NavItem[] = [
  { label: 'Settings', to: '/profile/notification-settings', roles: ['patient'] },
];

/** Profile dropdown links (the group is hidden for Admin). */
export const profileMenuItems: readonly NavItem[] = [
  { label: 'My Profile', to: '/profile', roles: ['patient', 'provider'] },
  { label: 'Profile Settings', to: '/profile/edit-profile', roles: ['patient', 'provider'] },
  {
    label: 'Notification Settings',
    to: '/profile/notification-settings',
    roles: ['patient'],
    icon: IconBell,
  },
  {
    label: 'Weekly Automation',
    to: '/profile/weekly-automation',
    roles: ['patient'],
    icon: IconCalendarStats,
  },
  { label: 'Subscription', to: '/subscription', roles: ['patient'], icon: IconCreditCard },
  { label: 'Backup and Import', to: '/profile/backup', roles: ['patient'], icon: IconDatabaseExport },
  {
    label: 'Privacy and consents',
    to: '/profile/privacy',
    roles: ['patient', 'provider'],
    icon: IconShieldLock,
  },
];

export function visibleItems(items: readonly NavItem[], role: Role | null | undefined): NavItem[] {
  if (!role) return [];
  return items.filter((item) => item.roles.includes(role) && isPathRegistered(item.to));
}
