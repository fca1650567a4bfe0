import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { Icon, type IconName } from '../../components/Icon.tsx';

/** One of the dashboard's figures (SPEC §2: Enrolled Courses, Modules Completed, Watch Time). */
export function StatTile({ icon, label, value, hint }: { icon: IconName; label: string; value: string; hint?: string }) {
  return (
    <Tile>
      <TileIcon aria-hidden="true">
        <Icon name={icon} size={22} />
      </TileIcon>
      <div>
        <TileLabel>{label}</TileLabel>
        <TileValue>
          {value}
          {hint ? <span className="visually-hidden"> {hint}</span> : null}
        </TileValue>
      </div>
    </Tile>
  );
}

const Tile = styled.li`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};

  ${media.tablet} {
    align-items: center;
    padding: ${({ theme }) => theme.space.lg};
  }
`;

const TileLabel = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: 500;
  line-height: 1.3;

  ${media.tablet} {
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;

const TileValue = styled.p`
  font-size: ${({ theme }) => theme.fontSize.xl};
  font-weight: 700;
  line-height: 1.2;

  ${media.tablet} {
    font-size: ${({ theme }) => theme.fontSize.xxl};
  }
`;

const TileIcon = styled.span`
  display: none;
  place-items: center;
  width: 48px;
  height: 48px;
  flex: none;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.accentSoft};
  color: ${({ theme }) => theme.colors.accent};

  ${media.tablet} {
    display: grid;
  }
`;
