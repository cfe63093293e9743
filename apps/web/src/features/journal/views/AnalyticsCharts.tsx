import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { Group, Stack, Text } from '@mantine/core';
import type { Analytics } from '../api';
import { dailyBars, sentimentSeries, type SentimentBar, type Slice } from './analytics-data';

interface AnalyticsChartsProps {
  analytics: Analytics;
  slices: Slice[];
  slicesLabel: string;
  /** Bars other than one per day (the provider dashboard groups long spans by week or month). */
  bars?: SentimentBar[];
  /** The bar chart's caption; 'Check-ins per day' by default. */
  barsCaption?: string;
}

function tickStep(max: number): number {
  if (max <= 6) return 1;
  const magnitude = Math.max(1, 10 ** (Math.floor(Math.log10(max)) - 1));
  return (
    [1, 2, 5, 10, 20, 50].map((m) => m * magnitude).find((candidate) => max / candidate <= 6) ??
    100 * magnitude
  );
}

/**
 * The charts of the mood analytics card. This module is the only one that imports @mantine/charts
 * (and recharts), and it is loaded lazily so the home page's first load stays small.
 */
export function AnalyticsCharts({
  analytics,
  slices,
  slicesLabel,
  bars = dailyBars(analytics),
  barsCaption = 'Check-ins per day',
}: AnalyticsChartsProps) {
  // Whole-number ticks from 0 to a little above the busiest bar, in steps of 1, 2, 5, 10, 20, 50…
  const busiest = Math.max(2, ...bars.map((bar) => bar.positive + bar.neutral + bar.negative));
  const step = tickStep(busiest);
  const top = Math.ceil(busiest / step) * step;
  const ticks = Array.from({ length: top / step + 1 }, (_, i) => i * step);
  const summary = sentimentSeries
    .map((s) => `${analytics.bySentiment[s.name] ?? 0} ${s.label.toLowerCase()}`)
    .join(', ');
  return (
    <Stack gap="lg">
      <figure style={{ margin: 0 }}>
        <Text component="figcaption" fz="sm" fw={500} mb="xs">
          {barsCaption}
        </Text>
        <BarChart
          h={200}
          data={bars}
          dataKey="day"
          type="stacked"
          series={sentimentSeries.map((s) => ({ name: s.name, label: s.label, color: s.color }))}
          withLegend
          legendProps={{ verticalAlign: 'bottom', height: 32 }}
          tickLine="none"
          gridAxis="x"
          yAxisProps={{ allowDecimals: false, width: 28, domain: [0, top], ticks }}
          maxBarWidth={28}
          role="img"
          aria-label={`${barsCaption} by sentiment: ${summary}`}
        />
      </figure>
      <Group gap="lg" align="center" wrap="wrap" justify="center">
        <DonutChart
          data={slices}
          size={140}
          thickness={22}
          withTooltip
          tooltipDataSource="segment"
          chartLabel={analytics.total}
          role="img"
          aria-label={`${slicesLabel}: ${slices.map((s) => `${s.name} ${s.value}`).join(', ')}`}
        />
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={slicesLabel}>
          {slices.map((slice) => (
            <Group component="li" key={slice.name} gap={8} wrap="nowrap">
              <span
                aria-hidden="true"
                style={{ width: 10, height: 10, borderRadius: 3, background: slice.color, flex: 'none' }}
              />
              <Text fz="sm">
                {slice.name}{' '}
                <Text span c="dimmed" fz="sm">
                  {slice.value}
                </Text>
              </Text>
            </Group>
          ))}
        </Stack>
      </Group>
    </Stack>
  );
}
