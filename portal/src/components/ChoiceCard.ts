import styled from 'styled-components';

/**
 * A radio button with its label and a one-line explanation, in a bordered box that is highlighted
 * while chosen: used where a choice needs saying what it gives (checkout's "who is this for",
 * what happens to certificates when an account is deleted). Holds an input and a span.
 */
export const ChoiceCard = styled.label`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  cursor: pointer;

  &:has(input:checked) {
    border-color: ${({ theme }) => theme.colors.accent};
    background: ${({ theme }) => theme.colors.accentSoft};
  }
  input {
    flex: none;
    width: 1.1rem;
    height: 1.1rem;
    margin-top: 0.2rem;
    accent-color: ${({ theme }) => theme.colors.accent};
  }
  span {
    display: grid;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;
