import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../Button.tsx';
import { EmptyText } from '../Panel.ts';
import { saveFile } from '../saveFile.ts';
import { toCsv, type DataColumn } from './csv.ts';

interface Props<Row> {
  title: string;
  /** The chart in a sentence or two: its text alternative, read before the chart. */
  summary: string;
  columns: ReadonlyArray<DataColumn<Row>>;
  /** The rows the chart draws: the table shows them and the CSV holds them, nothing else. */
  rows: readonly Row[];
  /** The CSV's file name, without extension. */
  filename: string;
  /** Shown instead of the chart when there is nothing to draw. */
  empty?: string | null;
  children: ReactNode;
}

/**
 * A chart with its accessible twins: a summary read before it, a table view of the same rows
 * (a toggle, so a screen reader or a curious admin reads numbers) and a CSV download of exactly
 * those rows and columns.
 */
export function ChartFigure<Row>({ title, summary, columns, rows, filename, empty, children }: Props<Row>) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const titleId = useId();
  const download = () => saveFile(new Blob([toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' }), `${filename}.csv`);
  return (
    <Figure aria-labelledby={titleId}>
      <Header>
        <h3 id={titleId}>{title}</h3>
        <Controls role="group" aria-label={`${title}: view`}>
          <Button size="sm" variant={view === 'chart' ? 'secondary' : 'ghost'} aria-pressed={view === 'chart'} onClick={() => setView('chart')}>
            Chart
          </Button>
          <Button size="sm" variant={view === 'table' ? 'secondary' : 'ghost'} aria-pressed={view === 'table'} onClick={() => setView('table')}>
            Table
          </Button>
          <Button size="sm" variant="ghost" onClick={download} aria-label={`Download ${title} as CSV`}>
            CSV
          </Button>
        </Controls>
      </Header>
      <Summary>{summary}</Summary>
      {view === 'table' ? (
        <TableScroll tabIndex={0} role="region" aria-label={`${title} as a table`}>
          <table>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.key} scope="col">
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index}>
                  {columns.map((column) => (
                    <td key={column.key}>{column.format ? column.format(row[column.key], row) : String(row[column.key] ?? '')}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : empty ? (
        <EmptyText>{empty}</EmptyText>
      ) : (
        children
      )}
    </Figure>
  );
}

const Figure = styled.section`
  min-width: 0;
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs};

  h3 {
    font-size: ${({ theme }) => theme.fontSize.lg};
  }
`;

const Controls = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xxs};
`;

const Summary = styled.p`
  margin: ${({ theme }) => theme.space.xs} 0 ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const TableScroll = styled.div`
  max-height: 24rem;
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
  }

  table {
    width: 100%;
    border-collapse: collapse;
    font-size: ${({ theme }) => theme.fontSize.sm};
    font-variant-numeric: tabular-nums;
  }

  th,
  td {
    padding: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.xs};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    white-space: nowrap;
  }

  th {
    position: sticky;
    top: 0;
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;
