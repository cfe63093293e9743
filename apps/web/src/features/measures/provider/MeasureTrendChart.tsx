import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import type { MeasureSeries } from '../api';
import { formatDate } from '../../../ui/format';

/**
 * One measure's totals over time with its band boundaries as reference lines. The only module of
 * the feature that imports @mantine/charts (and recharts): it is loaded lazily.
 */
export function MeasureTrendChart({ series }: { series: MeasureSeries }) {
  const data = series.responses.map((r) => ({ date: formatDate(r.completedAt, 'MMM D'), total: r.total }));
  return (
    <LineChart
      h={180}
      data={data}
      dataKey="date"
      series={[{ name: 'total', label: `${series.name} total`, color: 'indigo.6' }]}
      yAxisProps={{ domain: [0, series.maxScore] }}
      referenceLines={series.bands.slice(1).map((band) => ({
        y: band.min,
        label: band.label,
        color: 'gray.5',
      }))}
      curveType="linear"
      withDots
      aria-hidden="true"
    />
  );
}
