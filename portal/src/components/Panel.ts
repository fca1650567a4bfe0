import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { Card } from './Layout.tsx';

// The panel family: the titled blocks of the admin and school pages and what sits in them.

/** A titled block of an admin or school page. */
export const Panel = styled(Card)`
  min-width: 0;
  padding: ${({ theme }) => theme.space.md};

  ${media.tablet} {
    padding: ${({ theme }) => theme.space.lg};
  }
`;

export const PanelHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.md};

  h2 {
    font-size: ${({ theme }) => theme.fontSize.xl};
  }
`;

export const PanelLead = styled.p`
  margin: -${({ theme }) => theme.space.xs} 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

export const EmptyText = styled.p`
  padding: ${({ theme }) => theme.space.lg};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

export const ProblemText = styled.p`
  color: ${({ theme }) => theme.colors.danger};
`;

/** A plain list of rows separated by rules. */
export const RowList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;

  & > li + li {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

export const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

export const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;
