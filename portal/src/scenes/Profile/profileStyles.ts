import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { Panel as PagePanel, PanelHeader as PagePanelHeader } from '../../components/Panel.ts';

/** One card of the profile page (details, password, your data): the page panel with more room, as each stands alone. */
export const Panel = styled(PagePanel)`
  padding: ${({ theme }) => theme.space.lg};

  ${media.tablet} {
    padding: ${({ theme }) => theme.space.xl};
  }
`;

export const PanelHeader = styled(PagePanelHeader)`
  margin-bottom: ${({ theme }) => theme.space.lg};
`;
