import { css } from 'styled-components';

/**
 * Shared by every dropdown menu (the account menu, the notifications, the landing page's links on
 * phones) so they open as the same raised panel and mark the entry under the pointer or the
 * keyboard alike. Each menu adds its own width.
 */
export const menuPanelStyles = css`
  z-index: ${({ theme }) => theme.zIndex.dropdown};
  padding: ${({ theme }) => theme.space.xs};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.raised};
`;

export const menuItemStyles = css`
  padding: 0 ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.sm};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  outline: none;

  &[data-highlighted] {
    background: ${({ theme }) => theme.colors.accentSoft};
    color: ${({ theme }) => theme.colors.accentHover};
  }
`;
