import type { ReactNode } from 'react';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import type { CourseDetailDto, MySchoolDto } from '@atrium/common';
import { ButtonLink } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Container, PageHeading } from '../../components/Layout.tsx';
import { LoadingState } from '../../components/Loading.tsx';
import { QueryState, type ReadState } from '../../components/QueryState.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import type { CheckoutTax } from './checkoutTax.ts';
import type { Purchaser } from './InvoiceRequest.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import { SchoolChoice } from './SchoolChoice.tsx';

/**
 * Where the checkout stands once the course is here:
 * - `checking`: the buyer has the course; whether their school or trust still needs it is being read.
 * - `enrolled`: the buyer has the course and no school of theirs can buy it: nothing to pay.
 * - `free`: free in the shown currency (common/rules/pricing.ts): nothing to pay.
 * - `buy`: the summary, who it is for, and the ways to pay (`payment`: the card form or the new
 *   school's form, then the invoice request, each its own container).
 */
export type CheckoutPhase =
  | { phase: 'checking' }
  | { phase: 'enrolled' }
  | { phase: 'free' }
  | {
      phase: 'buy';
      /** The buyer's school and trust are still being read: the choice and the payment wait. */
      checking: boolean;
      purchaser: Purchaser;
      tax: CheckoutTax;
      choice: {
        mine: MySchoolDto | undefined;
        trust: { id: number; name: string } | null;
        onChange: (next: Purchaser) => void;
        forSelf: boolean;
      };
      card: ReactNode;
      invoice: ReactNode;
    };

export interface CheckoutViewProps {
  checkout: ReadState<{ course: CourseDetailDto; phase: CheckoutPhase }>;
  /** False when the address names no course (`/checkout/abc`): nothing is asked. */
  wellFormed: boolean;
}

const dashboard = <ButtonLink to="/">Back to Dashboard</ButtonLink>;

/**
 * /checkout/:id (SPEC §2, §4): the course summary, card payment through Stripe, and payment by
 * invoice as the always-available alternative. Enrolled learners and free courses get a link to
 * the course instead of anything to pay.
 */
export function CheckoutView({ checkout, wellFormed }: CheckoutViewProps) {
  return (
    <QueryState
      read={checkout}
      wellFormed={wellFormed}
      loading="Loading course"
      failed="This course could not be loaded"
      notFound={{ icon: 'book', title: 'Course not found', text: 'This course does not exist or is no longer available.' }}
      back={dashboard}
    >
      {({ course, phase }) => <Phase course={course} phase={phase} />}
    </QueryState>
  );
}

function Phase({ course, phase }: { course: CourseDetailDto; phase: CheckoutPhase }) {
  if (phase.phase === 'checking') return <LoadingState label="Checking your school" />;
  if (phase.phase === 'enrolled') {
    return (
      <Container $narrow>
        <StatusMessage
          icon="checkCircle"
          headingLevel={1}
          title="You're already enrolled"
          actions={<ButtonLink to={`/courses/${course.id}`}>Go to the course</ButtonLink>}
        >
          <p>You already have access to {course.title}. There is nothing to pay.</p>
        </StatusMessage>
      </Container>
    );
  }
  if (phase.phase === 'free') {
    return (
      <Container $narrow>
        <StatusMessage
          icon="book"
          headingLevel={1}
          title="This course is free"
          actions={<ButtonLink to={`/courses/${course.id}`}>Enroll from the course page</ButtonLink>}
        >
          <p>There is nothing to pay for {course.title}.</p>
        </StatusMessage>
      </Container>
    );
  }
  return (
    <Container>
      <Back to={`/courses/${course.id}`}>
        <Icon name="arrowLeft" size={16} /> Back to the course
      </Back>
      <PageHeading title="Purchase Course" lead="One purchase gives every member of staff at your school their own login." />
      <Layout>
        <OrderSummary course={course} purchaser={phase.checking ? null : phase.purchaser} tax={phase.tax} />
        <PaymentColumn>
          {phase.checking ? (
            <LoadingState label="Checking your school" />
          ) : (
            <>
              <SchoolChoice
                mine={phase.choice.mine}
                trust={phase.choice.trust}
                purchaser={phase.purchaser}
                onChange={phase.choice.onChange}
                forSelf={phase.choice.forSelf}
              />
              {phase.card}
              {phase.invoice}
            </>
          )}
        </PaymentColumn>
      </Layout>
    </Container>
  );
}

const Back = styled(ButtonLink).attrs({ variant: 'ghost', size: 'sm' })`
  margin: 0 0 ${({ theme }) => theme.space.sm} -${({ theme }) => theme.space.sm};
`;

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};

  ${media.desktop} {
    grid-template-columns: minmax(0, 5fr) minmax(0, 7fr);
    align-items: start;
  }
`;

const PaymentColumn = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;
`;
