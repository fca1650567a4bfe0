import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import styled, { css } from 'styled-components';
import { Icon, type IconName } from './Icon.tsx';

export type IconButtonVariant = 'outline' | 'ghost' | 'danger' | 'inverse';
export type IconButtonSize = 'sm' | 'md' | 'lg';

interface Common {
  icon: IconName;
  /**
   * The accessible name. An icon alone says nothing to a screen reader, so it is required and
   * also shown as the tooltip unless `title` says otherwise.
   */
  label: string;
  variant?: IconButtonVariant;
  size?: IconButtonSize;
}

export type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'aria-label'> & Common;
export type IconButtonLinkProps = Omit<LinkProps, 'children' | 'aria-label'> & Common;

/** A button showing only an icon: the one way the portal draws one (close, delete, move, show). */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { icon, label, variant = 'ghost', size = 'md', type = 'button', title = label, ...rest },
  ref,
) {
  return (
    <StyledButton ref={ref} type={type} aria-label={label} title={title} $variant={variant} $size={size} {...rest}>
      <Icon name={icon} size={ICON_SIZES[size]} />
    </StyledButton>
  );
});

/** The same look for an icon that navigates (the module page's close). */
export function IconButtonLink({ icon, label, variant = 'ghost', size = 'md', title = label, ...rest }: IconButtonLinkProps) {
  return (
    <StyledLink aria-label={label} title={title} $variant={variant} $size={size} {...rest}>
      <Icon name={icon} size={ICON_SIZES[size]} />
    </StyledLink>
  );
}

const ICON_SIZES: Record<IconButtonSize, number> = { sm: 16, md: 18, lg: 22 };
/** lg meets the 44 px touch target; sm and md sit in dense rows, toasts and inputs. */
const BOX_SIZES: Record<IconButtonSize, string> = { sm: '36px', md: '40px', lg: '44px' };

const variants = {
  outline: css`
    border-color: ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.surfaceMuted};
    }
  `,
  ghost: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.textMuted};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.surfaceMuted};
      color: ${({ theme }) => theme.colors.text};
    }
  `,
  danger: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.textMuted};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.dangerSoft};
      color: ${({ theme }) => theme.colors.danger};
    }
  `,
  inverse: css`
    background: ${({ theme }) => theme.colors.inverse.fill};
    color: ${({ theme }) => theme.colors.inverse.text};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.inverse.fillHover};
      color: ${({ theme }) => theme.colors.inverse.text};
    }
  `,
};

interface StyleProps {
  $variant: IconButtonVariant;
  $size: IconButtonSize;
}

const base = css<StyleProps>`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: ${({ $size }) => BOX_SIZES[$size]};
  height: ${({ $size }) => BOX_SIZES[$size]};
  padding: 0;
  border: 1px solid transparent;
  border-radius: ${({ theme, $size }) => ($size === 'lg' ? theme.radius.md : theme.radius.sm)};
  cursor: pointer;
  text-decoration: none;
  ${({ $variant }) => variants[$variant]}

  &:disabled {
    cursor: not-allowed;
    opacity: 0.4;
  }
`;

const StyledButton = styled.button<StyleProps>`
  ${base}
`;

const StyledLink = styled(Link)<StyleProps>`
  ${base}
`;
