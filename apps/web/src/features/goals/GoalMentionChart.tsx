import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { mentionSeries, mentionSummary, type MentionDay } from './mention-history';

/**
 * The mention history as a small stacked bar chart per day. The only goals module that imports
 * @mantine/charts (and recharts); it is loaded lazily, so it never enters the first load.
 */
export function GoalMentionChart({ days }: { days: MentionDay[] }) {
  return (
    <BarChart
      h={180}
      data={days}
      dataKey="label"
      type="stacked"
      series={mentionSeries}
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 28 }}
      tickLine="none"
      gridAxis="y"
      yAxisProps={{ allowDecimals: false, width: 24 }}
      maxBarWidth={24}
      role="img"
      aria-label={`Mentions per day by mood: ${mentionSummary(days)}`}
    />
  );
}
