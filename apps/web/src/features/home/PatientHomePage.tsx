import { WelcomePage } from './WelcomePage';

/** /user/home: the client home (its journal screens arrive with the journaling features). */
export function PatientHomePage() {
  return <WelcomePage />;
}
