import type { InputHTMLAttributes, ReactNode } from 'react';
import styled from 'styled-components';

/** A checkbox with its label beside it (and an optional hint under the label), the whole row clickable. */
export function CheckboxField({ label, hint, ...input }: { label: ReactNode; hint?: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <Row>
      <input type="checkbox" {...input} />
      <span>
        {label}
        {hint ? <small>{hint}</small> : null}
      </span>
    </Row>
  );
}

const Row = styled.label`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  cursor: pointer;

  input {
    flex: none;
    width: 1.1rem;
    height: 1.1rem;
    margin-top: 0.15rem;
    accent-color: ${({ theme }) => theme.colors.accent};
  }

  span {
    display: grid;
    gap: ${({ theme }) => theme.space.xxs};
  }

  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;
