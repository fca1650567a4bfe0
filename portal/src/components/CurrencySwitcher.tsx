import { useRef } from 'react';
import styled from 'styled-components';
import { CURRENCIES, isCurrency, type Currency } from '@atrium/common/rules/currency';
import { media } from '@atrium/common/ui/theme';
import { useEarlyInput } from '@atrium/widgets/shared/useEarlyInput';
import { useChooseCurrency, useShownCurrency } from '../api/currency.ts';
import { errorText } from '../api/client.ts';
import { Icon } from './Icon.tsx';
import { useToast } from './toast/Toaster.tsx';

/** What the list offers; the hidden label says what it is. */
const LABELS: Record<Currency, string> = { GBP: '£ GBP', USD: '$ USD', EUR: '€ EUR' };
/** What a phone's header shows of the choice: the symbol alone, so the brand name keeps its room. */
const SYMBOLS: Record<Currency, string> = { GBP: '£', USD: '$', EUR: '€' };

/**
 * The header's currency choice: every price on every screen follows it. Kept in a cookie (and on
 * the profile when signed in) by PUT /api/currency.
 */
export function CurrencySwitcher({ className }: { className?: string }) {
  const shown = useShownCurrency();
  const { choose, pending } = useChooseCurrency();
  const { toast } = useToast();
  return (
    <CurrencySelect
      className={className}
      value={pending ?? shown}
      pending={pending !== null}
      onChoose={(currency) =>
        choose(currency).catch((error: unknown) =>
          toast({ title: 'Could not change the currency', description: errorText(error, 'Please try again.'), variant: 'destructive' }),
        )
      }
    />
  );
}

/** The switcher as drawn: the shown currency, disabled while a choice is being saved. */
export function CurrencySelect({
  value,
  pending,
  onChoose,
  className,
}: {
  value: Currency;
  pending: boolean;
  onChoose: (currency: Currency) => void;
  className?: string;
}) {
  const select = useRef<HTMLSelectElement>(null);
  // A choice made before the app loaded is made now, so the prices follow what the select says.
  // The browser restores no older choice into it on Back (autoComplete off), so a difference here
  // is one the visitor has just made.
  useEarlyInput(() => {
    const early = select.current?.value;
    if (isCurrency(early) && early !== value) onChoose(early);
  });
  return (
    <Wrap className={className}>
      <span className="visually-hidden" id="currency-label">
        Show prices in
      </span>
      <Select
        ref={select}
        autoComplete="off"
        aria-labelledby="currency-label"
        data-testid="currency-switcher"
        value={value}
        disabled={pending}
        onChange={(event) => onChoose(event.target.value as Currency)}
      >
        {CURRENCIES.map((currency) => (
          <option key={currency} value={currency}>
            {LABELS[currency]}
          </option>
        ))}
      </Select>
      {/* Phones: the native select stays on top (transparent) and takes every tap and key; this is its face. */}
      <CompactFace aria-hidden="true">
        {SYMBOLS[value]}
        <Icon name="chevronDown" size={16} />
      </CompactFace>
    </Wrap>
  );
}

const Wrap = styled.div`
  position: relative;
  display: inline-flex;
  align-items: center;
  flex: none;
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

  ${media.phoneOnly} {
    position: absolute;
    inset: 0;
    z-index: 1;
    width: 100%;
    opacity: 0;
  }
`;

const CompactFace = styled.span`
  display: none;

  ${media.phoneOnly} {
    display: inline-flex;
    align-items: center;
    gap: 2px;
    min-width: 44px;
    min-height: 40px;
    padding: 0 ${({ theme }) => theme.space.xs};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => theme.fontSize.md};
    font-weight: 600;

    svg {
      color: ${({ theme }) => theme.colors.textMuted};
    }
    ${Select}:hover:not(:disabled) + & {
      border-color: ${({ theme }) => theme.colors.textMuted};
    }
    ${Select}:focus-visible + & {
      border-color: ${({ theme }) => theme.colors.accent};
      box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.focus};
    }
    ${Select}:disabled + & {
      opacity: 0.6;
    }
  }
`;
