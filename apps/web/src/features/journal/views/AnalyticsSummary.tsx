import { lazy, Suspense, useState } from 'react';
import { SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import type { Analytics } from '../api';
import { formatIntensity, sentimentSeries, slicesOf, type SentimentBar } from './analytics-data';
import classes from './AnalyticsSummary.module.css';

// The only path to @mantine/charts (recharts): its own chunk, fetched when a card has data.
const AnalyticsCharts = lazy(() => import('./AnalyticsCharts').then((m) => ({ default: m.AnalyticsCharts })));

export type Breakdown = 'mood' | 'core';

const breakdownLabels: Record<Breakdown, string> = { mood: 'By mood', core: 'By core emotion' };

export interface AnalyticsSummaryProps {
  analytics: Analytics;
  /** The breakdown shown first (and listed first). */
  initialBreakdown: Breakdown;
  /** Bars other than one per day, with their caption (the provider groups long spans). */
  bars?: { bars: SentimentBar[]; caption: string };
}

/**
 * The body of an analytics card with data: check-ins, average intensity, positive and negative
 * counts, a mood / core-emotion breakdown and the charts. The client's Mood Insights and the
 * provider's Mood analytics both show it; each card keeps its own loading, error and empty states.
 */
export function AnalyticsSummary({ analytics, initialBreakdown, bars }: AnalyticsSummaryProps) {
  const [breakdown, setBreakdown] = useState<Breakdown>(initialBreakdown);
  const order: Breakdown[] = initialBreakdown === 'mood' ? ['mood', 'core'] : ['core', 'mood'];
  const slicesLabel = breakdown === 'mood' ? 'Check-ins by mood' : 'Check-ins by core emotion';
  const slices = slicesOf(breakdown === 'mood' ? analytics.byMood : analytics.byCoreEmotion, breakdown);
  return (
    <Stack gap="md">
      <div className={classes.stats}>
        <Stat label="Check-ins" value={String(analytics.total)} />
        <Stat label="Avg. intensity" value={formatIntensity(analytics.averageIntensity)} />
        {sentimentSeries
          .filter((s) => s.name !== 'neutral')
          .map((s) => (
            <Stat key={s.name} label={s.label} value={String(analytics.bySentiment[s.name] ?? 0)} />
          ))}
      </div>
      <SegmentedControl
        size="xs"
        aria-label="Breakdown"
        value={breakdown}
        onChange={(value) => setBreakdown(value as Breakdown)}
        data={order.map((value) => ({ value, label: breakdownLabels[value] }))}
        style={{ alignSelf: 'flex-start' }}
      />
      <Suspense fallback={<Skeleton h={380} />}>
        <AnalyticsCharts
          analytics={analytics}
          slices={slices}
          slicesLabel={slicesLabel}
          bars={bars?.bars}
          barsCaption={bars?.caption}
        />
      </Suspense>
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0} p="xs" className={classes.stat}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg">
        {value}
      </Text>
    </Stack>
  );
}
