import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Icon, type IconName } from './Icon.tsx';

/**
 * A centred message with an icon, a heading and actions: empty lists, "Course not found",
 * "Access Denied", failed loads. `as` picks the heading level so each page keeps one h1.
 */
export function StatusMessage({
  icon,
  title,
  children,
  actions,
  headingLevel = 2,
  tone = 'neutral',
}: {
  icon: IconName;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  headingLevel?: 1 | 2;
  tone?: 'neutral' | 'danger';
}) {
  return (
    <Wrap>
      <IconTile $tone={tone}>
        <Icon name={icon} size={28} />
      </IconTile>
      <Title as={headingLevel === 1 ? 'h1' : 'h2'}>{title}</Title>
      {children ? <Body>{children}</Body> : null}
      {actions ? <Actions>{actions}</Actions> : null}
    </Wrap>
  );
}

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  gap: ${({ theme }) => theme.space.sm};
  max-width: 34rem;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.md};
`;

const IconTile = styled.div<{ $tone: 'neutral' | 'danger' }>`
  display: grid;
  place-items: center;
  width: 64px;
  height: 64px;
  margin-bottom: ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme, $tone }) => ($tone === 'danger' ? theme.colors.dangerSoft : theme.colors.accentSoft)};
  color: ${({ theme, $tone }) => ($tone === 'danger' ? theme.colors.danger : theme.colors.accent)};
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSize.xl};
  font-weight: 700;
`;

const Body = styled.div`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};
`;
