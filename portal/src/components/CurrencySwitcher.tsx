import styled from 'styled-components';
import { CURRENCIES, type Currency } from '@atrium/common/rules/currency';
import { useChooseCurrency, useShownCurrency } from '../api/currency.ts';
import { errorText } from '../api/client.ts';
import { useToast } from './toast/Toaster.tsx';

/** Short, so the switcher fits beside the logo on a phone; the hidden label says what it is. */
const LABELS: Record<Currency, string> = { GBP: '£ GBP', USD: '$ USD', EUR: '€ EUR' };

/**
 * The header's currency choice: every price on every screen follows it. Kept in a cookie (and on
 * the profile when signed in) by PUT /api/currency.
 */
export function CurrencySwitcher({ className }: { className?: string }) {
  const shown = useShownCurrency();
  const { choose, pending } = useChooseCurrency();
  const { toast } = useToast();
  const value = pending ?? shown;
  return (
    <Wrap className={className}>
      <span className="visually-hidden" id="currency-label">
        Show prices in
      </span>
      <Select
        aria-labelledby="currency-label"
        data-testid="currency-switcher"
        value={value}
        disabled={pending !== null}
        onChange={(event) =>
          choose(event.target.value as Currency).catch((error: unknown) =>
            toast({ title: 'Could not change the currency', description: errorText(error, 'Please try again.'), variant: 'destructive' }),
          )
        }
      >
        {CURRENCIES.map((currency) => (
          <option key={currency} value={currency}>
            {LABELS[currency]}
          </option>
        ))}
      </Select>
    </Wrap>
  );
}

const Wrap = styled.div`
  display: inline-flex;
  align-items: center;
`;

const Select = styled.select`
  min-height: 40px;
  padding: 0 ${({ theme }) => theme.space.xxs};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background-color: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 600;
  cursor: pointer;

  &:hover:not(:disabled) {
    border-color: ${({ theme }) => theme.colors.textMuted};
  }
  &:focus-visible {
    outline: none;
    border-color: ${({ theme }) => theme.colors.accent};
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.focus};
  }
`;
