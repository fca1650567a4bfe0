import { useParams } from 'react-router';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { ApiError } from '../../api/client.ts';
import { useAdminOverview } from '../../api/admin.ts';
import { ButtonLink } from '../../components/Button.tsx';
import { Card, Container, PageHeading } from '../../components/Layout.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';

const BUILDING = 'The course, module and student management tools are being built and will appear here.';

/** /admin: the overview the server offers today, and a plain word on what is coming. */
export function AdminScene() {
  usePageTitle('Admin Dashboard');
  const overview = useAdminOverview();
  const missing = overview.error instanceof ApiError && (overview.error.status === 404 || overview.error.status === 405);
  return (
    <Container>
      <PageHeading title="Admin Dashboard" lead={BUILDING} />
      {overview.data ? (
        <Overview aria-labelledby="overview-title">
          <h2 id="overview-title">Overview</h2>
          <Tiles>
            <Tile>
              <dt>Total Students</dt>
              <dd>{overview.data.totalStudents}</dd>
            </Tile>
            <Tile>
              <dt>Total Enrollments</dt>
              <dd>{overview.data.totalEnrollments}</dd>
            </Tile>
            <Tile>
              <dt>Courses</dt>
              <dd>{overview.data.totalCourses}</dd>
            </Tile>
            <Tile>
              <dt>Unanswered messages</dt>
              <dd>{overview.data.unhandledMessages}</dd>
            </Tile>
          </Tiles>
        </Overview>
      ) : overview.isError && !missing ? (
        <p role="alert">The overview could not be loaded ({overview.error.message}).</p>
      ) : null}
    </Container>
  );
}

/** /admin/courses/:courseId and /admin/students/:studentId, until their screens land. */
export function AdminSectionScene() {
  const { courseId, studentId } = useParams();
  const title = courseId ? 'Course management' : studentId ? 'Student details' : 'Admin';
  usePageTitle(title);
  return (
    <Container>
      <PageHeading title={title} lead={BUILDING} actions={<ButtonLink to="/admin" variant="secondary">Back to Admin</ButtonLink>} />
    </Container>
  );
}

const Overview = styled(Card)`
  padding: ${({ theme }) => theme.space.lg};

  h2 {
    margin-bottom: ${({ theme }) => theme.space.md};
    font-size: ${({ theme }) => theme.fontSize.xl};
  }
`;

const Tiles = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;

  ${media.tablet} {
    grid-template-columns: repeat(4, 1fr);
  }
`;

const Tile = styled.div`
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.xxl};
    font-weight: 700;
  }
`;
