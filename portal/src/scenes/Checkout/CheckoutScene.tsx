import { useParams } from 'react-router';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import type { CourseDetailDto, UserDto } from '@atrium/common';
import { estimatedHours, formatPrice } from '@atrium/common/rules/format';
import { modulesPhrase } from '@atrium/common/rules/courseCard';
import { isNotFound } from '../../api/client.ts';
import { usePublicConfig } from '../../api/config.ts';
import { useCourse } from '../../api/courses.ts';
import { Button, ButtonAnchor, ButtonLink } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Card, Container, PageHeading } from '../../components/Layout.tsx';
import { LoadingState } from '../../components/Loading.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useSignedInUser } from '../../session/AuthProvider.tsx';

/** A mailto: link that asks support for an invoice, with what they need to raise one. */
export function invoiceRequestHref(supportEmail: string, course: Pick<CourseDetailDto, 'id' | 'title' | 'price'>, user: UserDto): string {
  const subject = `Invoice request: ${course.title}`;
  const body = [
    'Hello,',
    '',
    `Please send an invoice for "${course.title}" (course ${course.id}, ${formatPrice(course.price)}).`,
    '',
    `Account e-mail: ${user.email}`,
    `School: ${user.company ?? ''}`,
    'Billing e-mail:',
    'Purchase order number (if any):',
    '',
    'Thank you',
  ].join('\n');
  return `mailto:${supportEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/**
 * /checkout/:id. Card payment is not part of this release, so the page says so and offers the
 * invoice route by e-mail instead of showing a form that cannot take a payment.
 */
export function CheckoutScene() {
  usePageTitle('Purchase Course');
  const { id = '' } = useParams();
  const course = useCourse(id);

  if (course.isPending) return <LoadingState label="Loading course" />;
  if (course.isError) {
    return (
      <Container>
        {isNotFound(course.error) ? (
          <StatusMessage icon="book" headingLevel={1} title="Course not found" actions={<ButtonLink to="/">Back to Dashboard</ButtonLink>} />
        ) : (
          <StatusMessage
            icon="alert"
            tone="danger"
            headingLevel={1}
            title="This course could not be loaded"
            actions={<Button onClick={() => void course.refetch()}>Try again</Button>}
          >
            <p>{course.error.message}</p>
          </StatusMessage>
        )}
      </Container>
    );
  }
  return <Checkout course={course.data} />;
}

function Checkout({ course }: { course: CourseDetailDto }) {
  const user = useSignedInUser();
  const supportEmail = usePublicConfig().data?.supportEmail;
  const modules = course.modules.length || course.totalModules;

  if (course.isEnrolled) {
    return (
      <Container $narrow>
        <StatusMessage
          icon="checkCircle"
          headingLevel={1}
          title="You're already enrolled"
          actions={<ButtonLink to={`/courses/${course.id}`}>Go to the course</ButtonLink>}
        >
          <p>You already have access to {course.title}.</p>
        </StatusMessage>
      </Container>
    );
  }
  if (course.price === 0) {
    return (
      <Container $narrow>
        <StatusMessage icon="book" headingLevel={1} title="This course is free" actions={<ButtonLink to={`/courses/${course.id}`}>Enroll from the course page</ButtonLink>}>
          <p>There is nothing to pay for {course.title}.</p>
        </StatusMessage>
      </Container>
    );
  }

  return (
    <Container $narrow>
      <PageHeading title="Purchase Course" />
      <Layout>
        <Summary aria-labelledby="summary-title">
          <h2 id="summary-title">Order summary</h2>
          <CourseTitle>{course.title}</CourseTitle>
          <Facts>
            <li>
              <Icon name="layers" size={18} /> {modulesPhrase(modules)}
            </li>
            <li>
              <Icon name="clock" size={18} /> About {estimatedHours(modules)} hours of video
            </li>
            <li>
              <Icon name="users" size={18} /> Every member of staff at your school gets their own login
            </li>
          </Facts>
          <Total>
            <span>Total</span>
            <strong>{formatPrice(course.price)}</strong>
          </Total>
        </Summary>
        <Payment aria-labelledby="payment-title">
          <Notice>
            <Icon name="alert" size={22} />
            <div>
              <h2 id="payment-title">Card payment is not available yet</h2>
              <p>Online card payment has not been switched on for this site. Schools can buy this course by invoice instead.</p>
            </div>
          </Notice>
          <p>
            E-mail us to ask for an invoice. We reply within 30 minutes during working hours, and your account is enrolled as soon as
            the invoice is paid.
          </p>
          {supportEmail ? (
            <ButtonAnchor href={invoiceRequestHref(supportEmail, course, user)} block>
              <Icon name="mail" size={18} /> Request an invoice by e-mail
            </ButtonAnchor>
          ) : null}
          {supportEmail ? (
            <Small>
              Or write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
            </Small>
          ) : null}
          <ButtonLink to={`/courses/${course.id}`} variant="ghost" block>
            Back to the course
          </ButtonLink>
        </Payment>
      </Layout>
    </Container>
  );
}

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};

  ${media.tablet} {
    grid-template-columns: 1fr 1fr;
    align-items: start;
  }
`;

const Summary = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};

  h2 {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.sm};
    font-weight: 600;
    letter-spacing: 0.06em;
    text-transform: uppercase;
  }
`;

const CourseTitle = styled.p`
  font-size: ${({ theme }) => theme.fontSize.xl};
  font-weight: 700;
`;

const Facts = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
  color: ${({ theme }) => theme.colors.textMuted};

  li {
    display: flex;
    gap: ${({ theme }) => theme.space.xs};
    align-items: flex-start;
  }
  svg {
    flex: none;
    margin-top: 3px;
    color: ${({ theme }) => theme.colors.accent};
  }
`;

const Total = styled.p`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  padding-top: ${({ theme }) => theme.space.md};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  font-weight: 600;

  strong {
    font-size: ${({ theme }) => theme.fontSize.xxl};
  }
`;

const Payment = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};

  & > p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Notice = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.text};

  svg {
    flex: none;
    color: ${({ theme }) => theme.colors.warning};
  }
  h2 {
    font-size: ${({ theme }) => theme.fontSize.md};
  }
  p {
    margin-top: ${({ theme }) => theme.space.xxs};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;

const Small = styled.p`
  font-size: ${({ theme }) => theme.fontSize.sm};
  text-align: center;
`;
