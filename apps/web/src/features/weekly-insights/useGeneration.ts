import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { weeklyInsightMessages as msg } from '@mindledger/domain';
import { ApiError, errorMessage } from '../../api/client';
import { loadNotifications, toast } from '../../ui/toast';
import { weeklyApi, weeklyKeys, type GenerationJob } from './api';
import { weeklyTexts } from './texts';

/** How often the job list is polled while a generation runs (Part 2 §4). */
export const pollIntervalMs = 2_000;
/** Toasts that close by themselves do so after 5 s (Part 2 §8). */
export const toastMs = 5_000;

const generatingToastId = (jobId: string) => `weekly-generating-${jobId}`;

function hideToast(id: string): void {
  void loadNotifications().then(({ notifications }) => notifications.hide(id));
}

/** Part 2 §8: a 403, or a message that names the subscription, is the subscription toast. */
export function isSubscriptionError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 403 || /subscription/i.test(error.message);
}

/**
 * The text of a refusal the server explained (a 4xx with a message), else `fallback`: a 5xx or a
 * lost connection says the spec's default. Null for a 429, which the API client already toasts.
 */
export function refusalMessage(error: unknown, fallback: string): string | null {
  if (error instanceof ApiError) {
    if (error.status === 429) return null;
    const told = typeof error.body.message === 'string' && error.body.message.trim() !== '';
    if (told && error.status >= 400 && error.status < 500) return error.message;
  }
  return fallback;
}

/** The browser notification of Part 2 §8, when the user granted permission. */
export function notifyBrowser(): void {
  if (typeof window === 'undefined' || !('Notification' in window)) return;
  if (Notification.permission !== 'granted') return;
  const options = { body: msg.browserBody, tag: 'weekly-insights-ready' };
  try {
    new Notification(msg.browserTitle, options);
  } catch {
    // Some mobile browsers only show notifications through the service worker.
    void navigator.serviceWorker?.ready
      .then((registration) => registration.showNotification(msg.browserTitle, options))
      .catch(() => undefined);
  }
}

/**
 * Background generation on the weekly insights page: starts a generation, polls the job list every
 * 2 s while one runs, and tells the user how it ended (the toasts and the browser notification of
 * Part 2 §8). A job already running when the page opens (another tab, a reload) is followed too.
 */
export function useGeneration(options: { onCompleted?: (job: GenerationJob) => void } = {}) {
  const queryClient = useQueryClient();
  const tracked = useRef(new Set<string>());
  const settling = useRef(new Set<string>());
  const onCompleted = useRef(options.onCompleted);
  onCompleted.current = options.onCompleted;
  const [since] = useState(() => new Date().toISOString());
  const [starting, setStarting] = useState(false);
  const [cancelling, setCancelling] = useState<string | null>(null);

  const jobs = useQuery({
    queryKey: weeklyKeys.jobs,
    queryFn: ({ signal }) => weeklyApi.jobs(since, signal),
    refetchInterval: (query) =>
      query.state.data?.jobs.some((j) => j.status === 'generating') || tracked.current.size > 0
        ? pollIntervalMs
        : false,
  });

  const refreshHistory = useCallback(
    () => queryClient.invalidateQueries({ queryKey: ['weekly-insights', 'history'] }),
    [queryClient],
  );

  const track = useCallback((jobId: string) => {
    if (tracked.current.has(jobId)) return;
    tracked.current.add(jobId);
    toast.info(msg.generating, { id: generatingToastId(jobId), durationMs: false });
  }, []);

  const settle = useCallback(
    (job: GenerationJob) => {
      if (!tracked.current.delete(job.id)) return;
      hideToast(generatingToastId(job.id));
      if (job.status === 'completed') {
        toast.success(msg.generated, { durationMs: toastMs });
        notifyBrowser();
        void refreshHistory();
        onCompleted.current?.(job);
      } else if (job.status === 'failed') {
        toast.error(job.error || msg.failed, { durationMs: toastMs });
      }
    },
    [refreshHistory],
  );

  useEffect(() => {
    const data = jobs.data;
    if (!data) return;
    if (data.refresh) void refreshHistory();
    const listed = new Set(data.jobs.map((j) => j.id));
    for (const job of data.jobs) {
      if (job.status === 'generating') track(job.id);
      else settle(job);
    }
    // a job that left the list between two polls: ask for it by id
    for (const id of [...tracked.current]) {
      if (listed.has(id) || settling.current.has(id)) continue;
      settling.current.add(id);
      weeklyApi
        .job(id)
        .then((job) => {
          if (job.status !== 'generating') settle(job);
        })
        .catch(() => {
          // purged or gone: nothing more to say about it
          tracked.current.delete(id);
          hideToast(generatingToastId(id));
        })
        .finally(() => settling.current.delete(id));
    }
  }, [jobs.data, track, settle, refreshHistory]);

  const generate = useCallback(
    async (startDate: string, endDate: string) => {
      setStarting(true);
      try {
        const started = await weeklyApi.generate(startDate, endDate);
        track(started.data.jobId);
        await queryClient.invalidateQueries({ queryKey: weeklyKeys.jobs });
      } catch (error) {
        if (isSubscriptionError(error)) {
          toast.error(msg.subscription, { durationMs: false });
        } else {
          const message = refusalMessage(error, msg.failed);
          if (message) toast.error(message, { durationMs: toastMs });
        }
      } finally {
        setStarting(false);
      }
    },
    [queryClient, track],
  );

  const cancel = useCallback(
    async (jobId: string) => {
      setCancelling(jobId);
      try {
        const answer = await weeklyApi.cancel(jobId);
        tracked.current.delete(jobId);
        hideToast(generatingToastId(jobId));
        toast.info(answer.message || msg.cancelled, { durationMs: toastMs });
      } catch (error) {
        // 409: it finished meanwhile; the next poll tells how
        if (!(error instanceof ApiError && error.status === 409))
          toast.error(errorMessage(error, weeklyTexts.cancelFailed), { durationMs: toastMs });
      } finally {
        setCancelling(null);
        await queryClient.invalidateQueries({ queryKey: weeklyKeys.jobs });
      }
    },
    [queryClient],
  );

  const active = (jobs.data?.jobs ?? []).filter((j) => j.status === 'generating');
  return { jobs: jobs.data?.jobs ?? [], active, generate, cancel, starting, cancelling };
}
