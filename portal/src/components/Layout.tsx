import type { ReactNode } from 'react';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';

/** The centred content column every page uses. */
export const Container = styled.div<{ $narrow?: boolean }>`
  width: 100%;
  max-width: ${({ theme, $narrow }) => ($narrow ? '44rem' : theme.maxWidth)};
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space.md};

  ${media.tablet} {
    padding: 0 ${({ theme }) => theme.space.xl};
  }
`;

export function PageHeading({ title, lead, actions }: { title: ReactNode; lead?: ReactNode; actions?: ReactNode }) {
  return (
    <HeadingRow>
      <div>
        <H1>{title}</H1>
        {lead ? <Lead>{lead}</Lead> : null}
      </div>
      {actions ? <Actions>{actions}</Actions> : null}
    </HeadingRow>
  );
}

export const Card = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.card};
`;

export const H1 = styled.h1`
  font-size: ${({ theme }) => theme.fontSize.xxl};
  font-weight: 700;

  ${media.tablet} {
    font-size: 2rem;
  }
`;

export const Lead = styled.p`
  margin-top: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.lg};
`;

const HeadingRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.xl};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;
