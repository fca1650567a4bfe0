import styled from 'styled-components';
import { Icon } from './Icon.tsx';

/**
 * Why a form was refused, written beside the form itself. The toast says it too, but a toast in
 * a corner is easy to miss and gone after a few seconds; role="alert" has a screen reader read it
 * out as soon as it appears.
 */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Box role="alert">
      <Icon name="alert" size={18} aria-hidden="true" />
      <span>{message}</span>
    </Box>
  );
}

const Box = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 500;

  svg {
    flex: none;
    margin-top: 2px;
    color: ${({ theme }) => theme.colors.danger};
  }
`;
