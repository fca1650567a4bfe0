import { Link } from 'react-router';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { Panel } from '../../../components/Panel.ts';

/** Figures in a row of tiles (Overview, student statistics). */
export const Tiles = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;

  ${media.tablet} {
    grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
    gap: ${({ theme }) => theme.space.md};
  }
`;

export const Tile = styled.div`
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.sm};
    font-weight: 500;
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.xxl};
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;

/** The name at the top of a student's or a school's page. */
export const PageTitle = styled.h1`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSize.xxl};
  font-weight: 700;
  overflow-wrap: anywhere;
`;

/** Short facts under a PageTitle (e-mail, dates, domains). */
export const Facts = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.xxs};
  color: ${({ theme }) => theme.colors.textMuted};

  a {
    overflow-wrap: anywhere;
  }
`;

/** "Choose a course" and its button on one line (enroll a student, grant a licence). */
export const SelectForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  align-items: end;
  margin-bottom: ${({ theme }) => theme.space.md};

  @media (min-width: 520px) {
    grid-template-columns: minmax(0, 1fr) auto;
  }
`;

/** A RowList item: what it is on the left, its action on the right, wrapping on a phone. */
export const ItemRow = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} 0;

  & > div {
    flex: 1;
    min-width: 12rem;
    overflow-wrap: anywhere;
  }
  strong {
    font-weight: 600;
  }
`;

/** A panel of a course's parts under its modules (knowledge checks, assignments, resources). */
export const CoursePartPanel = styled(Panel)`
  margin-top: ${({ theme }) => theme.space.lg};
`;

/** A course part's row: its title and facts stacked on the left, its buttons beside them from 900 px, below them before. */
export const CoursePartRow = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  align-items: center;
  padding: ${({ theme }) => theme.space.sm} 0;

  & > div:first-child {
    display: grid;
    gap: 2px;
    justify-items: start;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  strong {
    font-weight: 600;
  }

  @media (min-width: 900px) {
    grid-template-columns: minmax(0, 1fr) auto;
  }
`;

/** A whole list row as a link (students, schools). */
export const RowLink = styled(Link)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 56px;
  padding: ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radius.sm};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
    color: ${({ theme }) => theme.colors.text};
  }
`;
