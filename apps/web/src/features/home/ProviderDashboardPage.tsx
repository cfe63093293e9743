import { WelcomePage } from './WelcomePage';

/** /provider/dashboard: the provider home (its client tools arrive with the provider features). */
export function ProviderDashboardPage() {
  return <WelcomePage />;
}
