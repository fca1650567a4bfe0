import styled from 'styled-components';
import { useSalesTotals } from '../../../api/adminSales.ts';
import { money } from '../../../components/coursePrice.ts';
import { Muted } from '../../../components/Panel.ts';
import { QueryState } from '../../../components/QueryState.tsx';

/** One tile per currency: card money kept (after refunds) and invoices issued and paid. */
export function SalesTotals() {
  const totals = useSalesTotals();
  return (
    <QueryState
      read={totals}
      size="panel"
      loading="Loading the totals"
      failed="The totals could not be loaded."
      isEmpty={(data) => data.currencies.length === 0}
      empty="No sales yet: totals per currency appear here after the first payment or invoice."
    >
      {(data) => (
        <Tiles aria-label="Sales per currency">
          {data.currencies.map((row) => (
            <Tile key={row.currency} data-currency={row.currency}>
              <Code>{row.currency}</Code>
              <Figure>{money(row.cardNet + row.invoicedPaid, row.currency)}</Figure>
              <Muted as="p">received</Muted>
              <Facts>
                <li>
                  Cards: {money(row.cardNet, row.currency)} ({row.cardPayments} {row.cardPayments === 1 ? 'payment' : 'payments'}
                  {row.refunded > 0 ? `, ${money(row.refunded, row.currency)} refunded` : ''})
                </li>
                <li>
                  Invoices: {money(row.invoicedGross, row.currency)} issued ({row.invoices}), {money(row.invoicedGross - row.invoicedPaid, row.currency)}{' '}
                  outstanding
                </li>
              </Facts>
            </Tile>
          ))}
        </Tiles>
      )}
    </QueryState>
  );
}

const Tiles = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(15rem, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0 0 ${({ theme }) => theme.space.lg};
  padding: 0;
  list-style: none;
`;

const Tile = styled.li`
  display: grid;
  gap: 2px;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const Code = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: 700;
  letter-spacing: 0.08em;
`;

const Figure = styled.strong`
  font-size: ${({ theme }) => theme.fontSize.xl};
  font-variant-numeric: tabular-nums;
`;

const Facts = styled.ul`
  display: grid;
  gap: 2px;
  margin: ${({ theme }) => theme.space.xs} 0 0;
  padding: 0;
  list-style: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;
