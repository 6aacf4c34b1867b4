import { Bar, BarChart, CartesianGrid, LabelList, XAxis, YAxis } from 'recharts';
import { formatCount } from './format-count.ts';

export interface ChartRow {
  label: string;
  value: number;
}

/** Bars lying down, one row per label (categories, conditions): long names stay readable on a phone. */
const ROW_HEIGHT = 40;
const BAR = 'var(--color-brand-600)';
const INK = '#334155';

const labelFormatter = (value: unknown) => formatCount(Number(value));

/**
 * A bar chart drawn for sighted users only: its numbers are printed on the bars and the same data
 * is in the card's table for screen readers, so the chart has no tooltip, no focus stops
 * (accessibilityLayer off) and sits in an aria-hidden wrapper. Animation follows
 * prefers-reduced-motion (recharts' 'auto').
 */
export function BarChartView({ rows, layout }: { rows: ChartRow[]; layout: 'rows' | 'columns' }) {
  if (layout === 'rows') {
    return (
      <BarChart
        responsive
        accessibilityLayer={false}
        layout="vertical"
        data={rows}
        style={{ width: '100%', height: rows.length * ROW_HEIGHT + 8 }}
        margin={{ top: 4, right: 64, bottom: 4, left: 0 }}
      >
        {/* The longest bar spans the card; its number is printed beside it. */}
        <XAxis type="number" hide allowDecimals={false} domain={[0, 'dataMax']} />
        <YAxis type="category" dataKey="label" width={92} tickLine={false} axisLine={false} tick={{ fill: INK, fontSize: 13 }} />
        <Bar dataKey="value" fill={BAR} radius={[0, 6, 6, 0]} barSize={22}>
          <LabelList dataKey="value" position="right" fill={INK} fontSize={13} formatter={labelFormatter} />
        </Bar>
      </BarChart>
    );
  }
  return (
    <BarChart
      responsive
      accessibilityLayer={false}
      data={rows}
      style={{ width: '100%', height: 220 }}
      margin={{ top: 24, right: 8, bottom: 4, left: 8 }}
    >
      <CartesianGrid vertical={false} stroke="#e2e8f0" />
      <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fill: INK, fontSize: 13 }} />
      <YAxis hide allowDecimals={false} />
      {/* A sliver for an empty month, so its 0 is printed on the baseline like the other numbers. */}
      <Bar dataKey="value" fill={BAR} radius={[6, 6, 0, 0]} maxBarSize={56} minPointSize={2}>
        <LabelList dataKey="value" position="top" fill={INK} fontSize={13} formatter={labelFormatter} />
      </Bar>
    </BarChart>
  );
}
