import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '../../auth';
import { journalApi, journalKeys, type StreakResponse } from '../api';
import { isDay, todayIn } from './dates';

/** The streak answer (streak-dates), shared by the streak and week cards through its query key. */
export function useStreak() {
  return useQuery<StreakResponse>({
    queryKey: journalKeys.streak(),
    queryFn: ({ signal }) => journalApi.streak(signal),
  });
}

/**
 * Today in the user's time zone (spec ruling 9): the server's `today` once streak-dates answers,
 * the profile's time zone (else the browser's) until then.
 */
export function useHomeToday(): string {
  const user = useCurrentUser();
  const streak = useStreak();
  const fromServer = streak.data?.today;
  return isDay(fromServer) ? fromServer : todayIn(user?.timezone);
}
