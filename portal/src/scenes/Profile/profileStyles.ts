import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { Card } from '../../components/Layout.tsx';

/** One card of the profile page: details, password, your data. */
export const Panel = styled(Card)`
  padding: ${({ theme }) => theme.space.lg};

  ${media.tablet} {
    padding: ${({ theme }) => theme.space.xl};
  }
`;

export const PanelHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.lg};

  h2 {
    font-size: ${({ theme }) => theme.fontSize.xl};
  }
`;
