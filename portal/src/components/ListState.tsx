import type { ReactNode } from 'react';
import { RowList } from './Panel.ts';
import { QueryState, type QueryLike, type ReadState } from './QueryState.tsx';

/**
 * A panel's list read through QueryState at panel size: loading, the server's sentence with Try
 * again, `empty` when it holds nothing, else a RowList named `label` with a row per item (the row
 * carries its key).
 */
export function ListState<T>({
  read,
  loading,
  failed,
  empty,
  label,
  children,
}: {
  read: ReadState<T[]> | QueryLike<T[]>;
  loading: string;
  failed: string;
  empty: ReactNode;
  label: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <QueryState read={read} size="panel" loading={loading} failed={failed} isEmpty={(list) => list.length === 0} empty={empty}>
      {(list) => <RowList aria-label={label}>{list.map((item) => children(item))}</RowList>}
    </QueryState>
  );
}
