import styled from 'styled-components';

const number = new Intl.NumberFormat('en-GB');

/**
 * "120 / 2,000 characters" under a text field with a limit. The field itself takes any length
 * (a browser `maxLength` cuts pasted text without a word), so going over is shown here and
 * refused by the form's schema and the server, each naming the limit. Counts as the schemas do:
 * the trimmed text's length.
 */
export function CharacterCount({ value, max }: { value: string; max: number }) {
  const used = value.trim().length;
  const over = used - max;
  return (
    <Count $over={over > 0} aria-live={over > 0 ? 'polite' : 'off'}>
      {number.format(used)} / {number.format(max)} characters
      {over > 0 ? ` (${number.format(over)} over the limit)` : ''}
    </Count>
  );
}

const Count = styled.span<{ $over: boolean }>`
  display: block;
  font-variant-numeric: tabular-nums;
  color: ${({ theme, $over }) => ($over ? theme.colors.danger : 'inherit')};
  font-weight: ${({ $over }) => ($over ? 600 : 'inherit')};
`;
