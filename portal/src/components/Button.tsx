import { forwardRef, useContext, type AnchorHTMLAttributes, type ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import styled, { css } from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { FormBusyContext } from './Form.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'inverse';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface StyleProps {
  $variant?: ButtonVariant;
  $size?: ButtonSize;
  $block?: boolean;
}

interface Common {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & Common;

/**
 * The one button of the portal; ButtonLink and ButtonAnchor look the same but navigate. A submit
 * button is disabled while its Form is sending.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', block, type = 'button', disabled, ...rest },
  ref,
) {
  const formBusy = useContext(FormBusyContext);
  return <StyledButton ref={ref} type={type} disabled={disabled || (type === 'submit' && formBusy)} $variant={variant} $size={size} $block={block} {...rest} />;
});

export function ButtonLink({ variant = 'primary', size = 'md', block, ...rest }: LinkProps & Common) {
  return <StyledLink $variant={variant} $size={size} $block={block} {...rest} />;
}

export function ButtonAnchor({ variant = 'primary', size = 'md', block, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & Common) {
  return <StyledAnchor $variant={variant} $size={size} $block={block} {...rest} />;
}

const sizes = {
  sm: css`
    min-height: 36px;
    padding: 0 ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSize.sm};
  `,
  md: css`
    min-height: 44px;
    padding: 0 ${({ theme }) => theme.space.lg};
    font-size: ${({ theme }) => theme.fontSize.md};
  `,
  lg: css`
    min-height: 52px;
    padding: 0 ${({ theme }) => theme.space.xl};
    font-size: ${({ theme }) => theme.fontSize.lg};
  `,
};

const variants = {
  primary: css`
    background: ${({ theme }) => theme.colors.accent};
    color: ${({ theme }) => theme.colors.onAccent};
    border-color: ${({ theme }) => theme.colors.accent};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.accentHover};
      border-color: ${({ theme }) => theme.colors.accentHover};
      color: ${({ theme }) => theme.colors.onAccent};
    }
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    border-color: ${({ theme }) => theme.colors.border};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.surfaceMuted};
      color: ${({ theme }) => theme.colors.text};
    }
  `,
  ghost: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.accent};
    border-color: transparent;
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.accentSoft};
      color: ${({ theme }) => theme.colors.accentHover};
    }
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.danger};
    color: ${({ theme }) => theme.colors.onAccent};
    border-color: ${({ theme }) => theme.colors.danger};
    &:hover:not(:disabled) {
      filter: brightness(0.92);
      color: ${({ theme }) => theme.colors.onAccent};
    }
  `,
  inverse: css`
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.accent};
    border-color: ${({ theme }) => theme.colors.surface};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.accentSoft};
      color: ${({ theme }) => theme.colors.accentHover};
    }
  `,
};

export const buttonStyles = css<StyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xs};
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius.md};
  font-weight: 600;
  line-height: 1.2;
  text-align: center;
  text-decoration: none;
  /* On a phone a long label wraps inside its button rather than pushing the page sideways. */
  max-width: 100%;
  white-space: normal;
  ${media.tablet} {
    white-space: nowrap;
  }
  cursor: pointer;
  transition:
    background-color 120ms ease,
    border-color 120ms ease,
    color 120ms ease;
  ${({ $size = 'md' }) => sizes[$size]}
  ${({ $variant = 'primary' }) => variants[$variant]}

  &:disabled,
  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.55;
  }

  svg {
    flex: none;
  }
`;

const StyledButton = styled.button<StyleProps>`
  ${buttonStyles}
`;
const StyledLink = styled(Link)<StyleProps>`
  ${buttonStyles}
`;
const StyledAnchor = styled.a<StyleProps>`
  ${buttonStyles}
`;
