import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageLoader } from '../ui/FullPageLoader';
import { PublicOnly, RequireAuth, RoleGate, RootRedirect } from './guards';
import { AppLayout } from './layouts/AppLayout';
import { collectPaths, registerPaths } from './route-registry';
import { RouteError } from './RouteError';

/**
 * Every screen is a lazy chunk, so the first load only carries the shell and the screen it shows.
 * Later features add their routes here; their navigation entries (nav-items.ts) appear by themselves.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      { path: '/', element: <RootRedirect /> },
      {
        path: '/auth',
        lazy: () =>
          import('./layouts/AuthLayout').then((m) => ({
            element: (
              <PublicOnly>
                <m.AuthLayout />
              </PublicOnly>
            ),
          })),
        children: [
          {
            path: 'login/client',
            lazy: () =>
              import('../features/auth/pages/LoginPage').then((m) => ({ Component: m.ClientLoginPage })),
          },
          {
            path: 'login',
            lazy: () =>
              import('../features/auth/pages/LoginPage').then((m) => ({ Component: m.ProviderLoginPage })),
          },
          {
            path: 'register',
            lazy: () =>
              import('../features/auth/pages/RegisterPage').then((m) => ({ Component: m.RegisterPage })),
          },
          {
            path: 'activate',
            lazy: () =>
              import('../features/auth/pages/ActivatePage').then((m) => ({ Component: m.ActivatePage })),
          },
          {
            path: 'forgot-password',
            lazy: () =>
              import('../features/auth/pages/ForgotPasswordPage').then((m) => ({
                Component: m.ForgotPasswordPage,
              })),
          },
          {
            path: 'reset-password',
            lazy: () =>
              import('../features/auth/pages/ResetPasswordPage').then((m) => ({
                Component: m.ResetPasswordPage,
              })),
          },
        ],
      },
      {
        // The plan step of signup, before the first sign-in (decision 081).
        path: '/subscription/signup',
        lazy: () =>
          import('./layouts/AuthLayout').then((m) => ({
            element: (
              <PublicOnly>
                <m.AuthLayout width={1040} />
              </PublicOnly>
            ),
          })),
        children: [
          {
            index: true,
            lazy: () =>
              import('../features/subscription/SignupPlanPage').then((m) => ({
                Component: m.SignupPlanPage,
              })),
          },
          {
            path: 'checkout/:sessionId',
            lazy: () =>
              import('../features/subscription/CheckoutPage').then((m) => ({
                Component: m.SignupCheckoutPage,
              })),
          },
        ],
      },
      {
        // The Unsubscribe link of a notification email: public, signed in or not (the token is the
        // credential), so not behind PublicOnly.
        path: '/notifications/unsubscribe',
        lazy: () => import('./layouts/AuthLayout').then((m) => ({ Component: m.AuthLayout })),
        children: [
          {
            index: true,
            lazy: () =>
              import('../features/notifications/UnsubscribePage').then((m) => ({
                Component: m.UnsubscribePage,
              })),
          },
        ],
      },
      {
        // The legal documents (issue 17): public, signed in or not, so not behind PublicOnly.
        path: '/legal',
        lazy: () => import('./layouts/AuthLayout').then((m) => ({ element: <m.AuthLayout width={880} /> })),
        children: (
          [
            ['terms', 'terms'],
            ['privacy', 'privacy'],
            ['hipaa-notice', 'hipaa-notice'],
            ['marketing-authorization', 'marketing-authorization'],
          ] as const
        ).map(([path, document]) => ({
          path,
          lazy: () =>
            import('../features/legal/LegalPage').then((m) => ({
              element: <m.LegalPage document={document} />,
            })),
        })),
      },
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: [
          {
            element: <RoleGate roles={['patient']} />,
            children: [
              {
                path: '/user/home',
                lazy: () =>
                  import('../features/home/PatientHomePage').then((m) => ({ Component: m.PatientHomePage })),
              },
              {
                path: '/user/journaling-feature',
                lazy: () =>
                  import('../features/journal/entry/JournalingPage').then((m) => ({
                    Component: m.JournalingPage,
                  })),
              },
              {
                path: '/user/mood-selector',
                lazy: () =>
                  import('../features/journal/emotion/MoodSelectorPage').then((m) => ({
                    Component: m.MoodSelectorPage,
                  })),
              },
              {
                path: '/user/notifications',
                lazy: () =>
                  import('../features/notifications/NotificationsPage').then((m) => ({
                    Component: m.NotificationsPage,
                  })),
              },
              {
                path: '/user/goals',
                lazy: () => import('../features/goals/GoalsPage').then((m) => ({ Component: m.GoalsPage })),
              },
              {
                path: '/user/initial-journey',
                lazy: () =>
                  import('../features/initial-journey/InitialJourneyPage').then((m) => ({
                    Component: m.InitialJourneyPage,
                  })),
              },
              {
                path: '/user/providers',
                lazy: () =>
                  import('../features/connections/MyProvidersPage').then((m) => ({
                    Component: m.MyProvidersPage,
                  })),
              },
              {
                path: '/user/from-providers',
                lazy: () =>
                  import('../features/from-providers/FromProvidersPage').then((m) => ({
                    Component: m.FromProvidersPage,
                  })),
              },
              {
                path: '/user/measures',
                lazy: () =>
                  import('../features/measures/MeasuresPage').then((m) => ({
                    Component: m.MeasuresPage,
                  })),
              },
              {
                path: '/user/access-history',
                lazy: () =>
                  import('../features/connections/AccessHistoryPage').then((m) => ({
                    Component: m.AccessHistoryPage,
                  })),
              },
              {
                path: '/user/report',
                lazy: () =>
                  import('../features/weekly-insights/WeeklyInsightsPage').then((m) => ({
                    Component: m.WeeklyInsightsPage,
                  })),
              },
              {
                path: '/user/reactivation-consent',
                lazy: () =>
                  import('../features/connections/ReactivationConsentPage').then((m) => ({
                    Component: m.ReactivationConsentPage,
                  })),
              },
              {
                path: '/subscription',
                lazy: () =>
                  import('../features/subscription/SubscriptionPage').then((m) => ({
                    Component: m.SubscriptionPage,
                  })),
              },
              {
                path: '/checkout/:sessionId',
                lazy: () =>
                  import('../features/subscription/CheckoutPage').then((m) => ({
                    Component: m.CheckoutPage,
                  })),
              },
              {
                path: '/profile/notification-settings',
                lazy: () =>
                  import('../features/notification-settings/NotificationSettingsPage').then((m) => ({
                    Component: m.NotificationSettingsPage,
                  })),
              },
              {
                path: '/profile/backup',
                lazy: () =>
                  import('../features/backup/BackupPage').then((m) => ({ Component: m.BackupPage })),
              },
              {
                path: '/profile/weekly-automation',
                lazy: () =>
                  import('../features/weekly-automation/WeeklyAutomationPage').then((m) => ({
                    Component: m.WeeklyAutomationPage,
                  })),
              },
            ],
          },
          {
            element: <RoleGate roles={['provider']} />,
            children: [
              {
                path: '/provider/dashboard',
                lazy: () =>
                  import('../features/provider-clients/ProviderDashboardPage').then((m) => ({
                    Component: m.ProviderDashboardPage,
                  })),
              },
              {
                path: '/provider/shared-dashboard/:id',
                lazy: () =>
                  import('../features/provider-clients/SharedDashboardPage').then((m) => ({
                    Component: m.SharedDashboardPage,
                  })),
              },
              {
                path: '/provider/patient-overview/:patientId',
                lazy: () =>
                  import('../features/provider-clients/PatientOverviewPage').then((m) => ({
                    Component: m.PatientOverviewPage,
                  })),
              },
              {
                path: '/provider/notifications',
                lazy: () =>
                  import('../features/notifications/NotificationsPage').then((m) => ({
                    Component: m.NotificationsPage,
                  })),
              },
              {
                path: '/provider/inactive-clients',
                lazy: () =>
                  import('../features/provider-clients/InactiveClientsPage').then((m) => ({
                    Component: m.InactiveClientsPage,
                  })),
              },
            ],
          },
          {
            element: <RoleGate roles={['admin']} />,
            children: [
              {
                path: '/admin/all-users',
                lazy: () =>
                  import('../features/admin-users/UsersManagementPage').then((m) => ({
                    Component: m.UsersManagementPage,
                  })),
              },
              {
                path: '/admin/promo-codes',
                lazy: () =>
                  import('../features/admin-promo-codes/PromoCodesPage').then((m) => ({
                    Component: m.PromoCodesPage,
                  })),
              },
              {
                path: '/admin/notifications',
                lazy: () =>
                  import('../features/notifications/NotificationsPage').then((m) => ({
                    Component: m.NotificationsPage,
                  })),
              },
              {
                path: '/admin/subscriptions',
                lazy: () =>
                  import('../features/admin-subscriptions/SubscriptionsPage').then((m) => ({
                    Component: m.SubscriptionsPage,
                  })),
              },
              {
                path: '/admin/important-updates',
                lazy: () =>
                  import('../features/admin-important-updates/ImportantUpdatesPage').then((m) => ({
                    Component: m.ImportantUpdatesPage,
                  })),
              },
            ],
          },
          {
            element: <RoleGate roles={['patient', 'provider', 'admin']} />,
            children: [
              {
                path: '/profile',
                lazy: () =>
                  import('../features/profile/MyProfilePage').then((m) => ({ Component: m.MyProfilePage })),
              },
              {
                path: '/profile/edit-profile',
                lazy: () =>
                  import('../features/profile/ProfileSettingsPage').then((m) => ({
                    Component: m.ProfileSettingsPage,
                  })),
              },
              {
                path: '/profile/privacy',
                lazy: () =>
                  import('../features/legal/privacy/PrivacyConsentsPage').then((m) => ({
                    Component: m.PrivacyConsentsPage,
                  })),
              },
            ],
          },
        ],
      },
      {
        path: '*',
        lazy: () => import('../features/not-found/NotFoundPage').then((m) => ({ Component: m.NotFoundPage })),
      },
    ],
  },
];

registerPaths(collectPaths(routes));

export function createAppRouter() {
  return createBrowserRouter(routes);
}
