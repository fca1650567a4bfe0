import styled from 'styled-components';
import { tokens } from '../tokens.ts';

/**
 * Form controls every widget shares. Everything a browser or a host stylesheet might set on
 * inputs and buttons is set here, so they look the same in a shadow root and in the portal.
 */

export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
`;

export const Label = styled.label`
  font-size: 14px;
  font-weight: 600;
  line-height: 1.3;
  color: ${tokens.text};
`;

export const Required = styled.span`
  color: ${tokens.danger};
  margin-left: 2px;
`;

const control = `
  display: block;
  width: 100%;
  margin: 0;
  padding: 10px 12px;
  font: inherit;
  font-size: 15px;
  line-height: 1.4;
  color: ${tokens.text};
  background: ${tokens.surface};
  border: 1px solid ${tokens.border};
  border-radius: ${tokens.radius};
  box-shadow: inset 0 1px 2px rgba(23, 32, 51, 0.04);
  appearance: none;
  transition: border-color 120ms ease, box-shadow 120ms ease;
  &::placeholder { color: #7b8497; opacity: 1; }
  &:hover { border-color: #c5ccda; }
  &:focus { outline: none; border-color: ${tokens.accent}; box-shadow: 0 0 0 3px ${tokens.accentSoft}; }
  &:disabled { background: ${tokens.surfaceMuted}; color: ${tokens.textMuted}; cursor: not-allowed; }
  &[aria-invalid='true'] { border-color: ${tokens.danger}; }
`;

export const Input = styled.input`
  ${control}
  height: 44px;
`;

export const TextArea = styled.textarea`
  ${control}
  resize: vertical;
  min-height: 96px;
`;

export const Button = styled.button<{ $variant?: 'primary' | 'secondary' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 44px;
  margin: 0;
  padding: 10px 18px;
  font: inherit;
  font-size: 15px;
  font-weight: 600;
  line-height: 1.2;
  text-align: center;
  text-decoration: none;
  text-transform: none;
  letter-spacing: normal;
  white-space: nowrap;
  border-radius: ${tokens.radius};
  cursor: pointer;
  transition:
    background-color 120ms ease,
    border-color 120ms ease,
    color 120ms ease;
  ${({ $variant = 'primary' }) =>
    $variant === 'primary'
      ? `
    color: ${tokens.onAccent};
    background: ${tokens.accent};
    border: 1px solid transparent;
    &:hover:not(:disabled) { background: ${tokens.accentStrong}; }
  `
      : `
    color: ${tokens.accent};
    background: ${tokens.surface};
    border: 1px solid ${tokens.border};
    &:hover:not(:disabled) { background: ${tokens.accentSoft}; border-color: ${tokens.accent}; }
  `}
  &:focus-visible {
    outline: 3px solid ${tokens.focus};
    outline-offset: 2px;
  }
  &:disabled {
    opacity: 0.65;
    cursor: not-allowed;
  }
`;
