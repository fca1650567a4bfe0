import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { Card } from '../../components/Layout.tsx';

/** One checkout card: the summary, the card payment and the invoice request. */
export const Panel = styled(Card)`
  display: grid;
  /* One column no wider than the card: a form's inputs would otherwise widen it on a 320 px phone. */
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  min-width: 0;

  /* A select is as wide as its longest option (a country's name) unless told otherwise: at 320 px
     that pushed the invoice form past the panel. */
  > *,
  form > * {
    min-width: 0;
  }
  select {
    min-width: 0;
    max-width: 100%;
  }

  ${media.tablet} {
    padding: ${({ theme }) => theme.space.xl};
  }
`;

export const PanelTitle = styled.h2`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSize.lg};
  font-weight: 700;

  svg {
    flex: none;
    color: ${({ theme }) => theme.colors.accent};
  }
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A coloured box inside a panel: a warning, a failure or a confirmation. */
export const Notice = styled.div<{ $tone: 'warning' | 'danger' | 'success' }>`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $tone }) => theme.colors[`${$tone}Soft`]};
  color: ${({ theme }) => theme.colors.text};

  & > svg {
    flex: none;
    margin-top: 2px;
    color: ${({ theme, $tone }) => theme.colors[$tone]};
  }
  h3 {
    font-size: ${({ theme }) => theme.fontSize.md};
    font-weight: 700;
  }
  p {
    margin-top: ${({ theme }) => theme.space.xxs};
    font-size: ${({ theme }) => theme.fontSize.sm};
    /* A long e-mail address wraps instead of pushing the box wider on a 320 px phone. */
    overflow-wrap: anywhere;
  }
`;

export const InlineLoading = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 120px;
  justify-content: center;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 500;
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;
