import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { AreaClosed, Line, LinePath } from '@visx/shape';
import styled, { useTheme } from 'styled-components';
import { useWidth } from './useWidth.ts';

export interface Series {
  name: string;
  values: readonly number[];
  color: string;
}

interface Props {
  /** What the chart shows, for assistive technology (the summary and table say it in full). */
  label: string;
  /** One label per point, shown under the x axis (thinned to fit). */
  xLabels: readonly string[];
  series: readonly Series[];
  yFormat?: (value: number) => string;
  /** The values count people or things: the y axis has whole-number ticks only, never 0.2 of a learner. */
  counts?: boolean;
  /** The y axis's top (default: the largest value, at least 1). */
  yMax?: number;
  /** Fill under a single series (a retention curve). */
  area?: boolean;
  /** A vertical marker at a fractional point index, with its label. */
  marker?: { at: number; label: string } | null;
  height?: number;
}

const MARGIN = { top: 12, bottom: 28 };
/** About how wide a character of the 11 px tick labels is, digits and currency signs alike. */
const TICK_CHAR = 7;

/**
 * Room beside the plot for what the axes write: the widest y label ("US$3,000", "100 %") to the
 * left, and half of the last x label (centred on the last point) to the right. The y label ends
 * 4 px from the plot (its tick less its offset), and capitals and currency signs run wider than
 * TICK_CHAR: 16 px beyond the estimate keeps "US$600" whole (10 cut its U).
 */
export function marginFor(yLabels: readonly string[], lastXLabel: string): { left: number; right: number } {
  const widest = Math.max(0, ...yLabels.map((text) => text.length));
  return { left: Math.max(32, Math.ceil(widest * TICK_CHAR) + 16), right: Math.max(12, Math.ceil((lastXLabel.length * TICK_CHAR) / 2) + 2) };
}

/**
 * The y axis's ticks, about four; for counts whole numbers only (a top of 2 gives 0, 1, 2 rather
 * than 0, 0.5, 1, 1.5, 2), asked of the scale with no more ticks than there are whole steps.
 */
export function axisTicks(ticks: (count: number) => number[], top: number, counts: boolean): number[] {
  if (!counts) return ticks(4);
  return ticks(Math.max(1, Math.min(4, Math.ceil(top)))).filter((tick) => Number.isInteger(tick));
}

/**
 * Lines over evenly spaced points, drawn with visx (scales, axes, shapes) in the theme's colours;
 * the tick count follows the width, so the axes stay legible on a phone.
 */
export function LineChart({
  label,
  xLabels,
  series,
  yFormat = (value) => String(value),
  counts = false,
  yMax,
  area = false,
  marker = null,
  height = 220,
}: Props) {
  const theme = useTheme();
  const { ref, width } = useWidth<HTMLDivElement>();
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const top = yMax ?? Math.max(1, ...series.flatMap((line) => line.values));
  const y = scaleLinear<number>({ domain: [0, top], range: [innerHeight, 0], nice: true });
  const yTicks = axisTicks(y.ticks.bind(y), top, counts);
  const margin = marginFor(
    yTicks.map((tick) => yFormat(tick)),
    xLabels.at(-1) ?? '',
  );
  const innerWidth = Math.max(10, width - margin.left - margin.right);
  const x = scaleLinear<number>({ domain: [0, Math.max(1, xLabels.length - 1)], range: [0, innerWidth] });
  const xTicks = Math.max(2, Math.min(xLabels.length, Math.floor(innerWidth / 70)));
  const tickLabel = { fill: theme.colors.textMuted, fontSize: 11, fontFamily: theme.font.body };
  return (
    <div ref={ref}>
      <svg width={width} height={height} role="img" aria-label={label}>
        <Group left={margin.left} top={MARGIN.top}>
          {yTicks.map((tick) => (
            <Line key={tick} from={{ x: 0, y: y(tick) }} to={{ x: innerWidth, y: y(tick) }} stroke={theme.colors.border} />
          ))}
          {series.map((line) =>
            area ? (
              <AreaClosed<number>
                key={`${line.name}-area`}
                data={[...line.values]}
                x={(_, index) => x(index)}
                y={(value) => y(value)}
                yScale={y}
                fill={theme.colors.accentSoft}
              />
            ) : null,
          )}
          {series.map((line) => (
            <LinePath<number> key={line.name} data={[...line.values]} x={(_, index) => x(index)} y={(value) => y(value)} stroke={line.color} strokeWidth={2} />
          ))}
          {marker ? (
            <g>
              <Line from={{ x: x(marker.at), y: 0 }} to={{ x: x(marker.at), y: innerHeight }} stroke={theme.colors.text} strokeDasharray="4 3" />
              <text
                x={Math.min(x(marker.at) + 4, innerWidth - 4)}
                y={10}
                fontSize={11}
                fill={theme.colors.text}
                textAnchor={x(marker.at) > innerWidth * 0.7 ? 'end' : 'start'}
              >
                {marker.label}
              </text>
            </g>
          ) : null}
          <AxisLeft
            scale={y}
            tickValues={yTicks}
            tickFormat={(value) => yFormat(Number(value))}
            stroke={theme.colors.borderStrong}
            tickStroke={theme.colors.borderStrong}
            tickLabelProps={() => ({ ...tickLabel, textAnchor: 'end', dx: -4, dy: 3 })}
          />
          <AxisBottom
            top={innerHeight}
            scale={x}
            // A tick on every point at most: a scale asked for three ticks over three points gives halves too, which wrote each label twice.
            tickValues={x.ticks(xTicks).filter((tick) => Number.isInteger(tick))}
            tickFormat={(value) => xLabels[Math.round(Number(value))] ?? ''}
            stroke={theme.colors.borderStrong}
            tickStroke={theme.colors.borderStrong}
            tickLabelProps={() => ({ ...tickLabel, textAnchor: 'middle' })}
          />
        </Group>
      </svg>
      {series.length > 1 ? (
        <Legend>
          {series.map((line) => (
            <li key={line.name}>
              <Swatch style={{ background: line.color }} aria-hidden="true" />
              {line.name}
            </li>
          ))}
        </Legend>
      ) : null}
    </div>
  );
}

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin: ${({ theme }) => theme.space.xs} 0 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSize.sm};

  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xxs};
  }
`;

const Swatch = styled.span`
  display: inline-block;
  width: 0.9rem;
  height: 0.25rem;
  border-radius: 2px;
`;
