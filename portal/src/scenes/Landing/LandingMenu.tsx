import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import styled from 'styled-components';
import { Icon } from '../../components/Icon.tsx';
import { menuItemStyles, menuPanelStyles } from '../../components/menuStyles.ts';
import { MenuTrigger } from './landingStyles.ts';

/**
 * The landing page's section links on phones, where the header has no room for them
 * (Radix DropdownMenu: keyboard, focus and Escape handled). Loaded on the first tap of the
 * header's Menu link (`PhoneMenu` in LandingHeader.tsx), which it replaces already open.
 */
export function LandingMenu({ links, fallbackHref }: { links: ReadonlyArray<{ label: string; href: string }>; fallbackHref: string }) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger asChild>
        <MenuTrigger href={fallbackHref} role="button" aria-label="Menu" onClick={(event) => event.preventDefault()}>
          <Icon name="menu" size={22} />
        </MenuTrigger>
      </DropdownMenu.Trigger>
      <Content align="end" sideOffset={8}>
        {links.map((link) => (
          <Item key={link.href} asChild>
            <a href={link.href}>{link.label}</a>
          </Item>
        ))}
      </Content>
    </DropdownMenu.Root>
  );
}

const Content = styled(DropdownMenu.Content)`
  ${menuPanelStyles}
  min-width: 12rem;
`;

const Item = styled(DropdownMenu.Item)`
  ${menuItemStyles}
  display: flex;
  align-items: center;
  min-height: 44px;
  font-weight: 500;
  text-decoration: none;
`;
