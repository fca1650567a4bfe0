import styled from 'styled-components';

export interface BarRow {
  label: string;
  value: number;
  /** What the bar reads beside it ("42 · 64 %"). */
  text: string;
  /** Drawn in the warning colour: the row that needs a look. */
  highlight?: boolean;
}

/**
 * Horizontal bars as HTML (a list a screen reader reads row by row), each as long as its share
 * of `max`; the labels wrap, so long module titles stay readable on a phone.
 */
export function BarList({ rows, max, label }: { rows: readonly BarRow[]; max: number; label: string }) {
  return (
    <List aria-label={label}>
      {rows.map((row, index) => (
        <li key={`${row.label}-${index}`}>
          <span>{row.label}</span>
          <Track>
            <Fill $highlight={row.highlight === true} style={{ width: `${max > 0 ? Math.max(0, Math.min(100, (row.value / max) * 100)) : 0}%` }} />
          </Track>
          <Value>{row.text}</Value>
        </li>
      ))}
    </List>
  );
}

const List = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSize.sm};

  li {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    grid-template-areas: 'label value' 'bar bar';
    gap: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.xs};
  }

  li > span:first-child {
    grid-area: label;
    overflow-wrap: anywhere;
  }
`;

const Track = styled.div`
  grid-area: bar;
  height: 0.75rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  overflow: hidden;
`;

const Fill = styled.div<{ $highlight: boolean }>`
  height: 100%;
  border-radius: inherit;
  background: ${({ theme, $highlight }) => ($highlight ? theme.colors.warning : theme.colors.accent)};
`;

const Value = styled.span`
  grid-area: value;
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.textMuted};
`;
