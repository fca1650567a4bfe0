import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import type { CourseDetailDto } from '@atrium/common';
import { failedWithNothingToShow, isNotFound } from '../../api/client.ts';
import { usePublicConfig } from '../../api/config.ts';
import { useCourse } from '../../api/courses.ts';
import { useMySchool } from '../../api/schools.ts';
import { useMyTrust } from '../../api/trusts.ts';
import { useShownCurrency } from '../../api/currency.ts';
import { shownPrice } from '../../components/coursePrice.ts';
import { ButtonLink } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Container, PageHeading } from '../../components/Layout.tsx';
import { LoadingState } from '../../components/Loading.tsx';
import { LoadFailedMessage } from '../../components/LoadFailedMessage.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { CardPayment } from './CardPayment.tsx';
import { checkoutTax } from './checkoutTax.ts';
import { InvoiceRequest, localeCountry, type Purchaser, type TaxPlace } from './InvoiceRequest.tsx';
import { NewSchoolCard } from './NewSchoolCard.tsx';
import { SchoolChoice } from './SchoolChoice.tsx';
import { OrderSummary } from './OrderSummary.tsx';

/**
 * /checkout/:id (SPEC §2, §4): the course summary, card payment through Stripe, and payment by
 * invoice as the always-available alternative. Enrolled learners and free courses get a link
 * to the course instead of anything to pay. Stripe.js is loaded by this scene only.
 */
export function CheckoutScene() {
  usePageTitle('Purchase Course');
  const { id = '' } = useParams();
  const course = useCourse(id);

  if (course.isPending) return <LoadingState label="Loading course" />;
  if (failedWithNothingToShow(course)) {
    return (
      <Container>
        {isNotFound(course.error) || !/^\d+$/.test(id) ? (
          <StatusMessage icon="book" headingLevel={1} title="Course not found" actions={<ButtonLink to="/">Back to Dashboard</ButtonLink>} />
        ) : (
          <LoadFailedMessage title="This course could not be loaded" error={course.error} onRetry={() => void course.refetch()} />
        )}
      </Container>
    );
  }
  return <Checkout course={course.data} />;
}

function Checkout({ course }: { course: CourseDetailDto }) {
  const mine = useMySchool();
  const myTrust = useMyTrust();
  const managed = mine.data?.can.buyForSchool && mine.data.school ? mine.data.school : null;
  // A trust manager may buy for the whole trust unless the trust holds the course already.
  const trust = myTrust.data?.trust && !myTrust.data.trust.courseIds.includes(course.id) ? myTrust.data.trust : null;
  // Null until chosen. The page promises every member of staff a login, so the school purchase is
  // the default: a manager buys for their school, a trust manager for the trust, someone without a
  // school creates one. A member of a school someone else manages, or a buyer whose school could
  // not be looked up, buys for themselves.
  const [chosen, setChosen] = useState<Purchaser | null>(null);
  const schoolNeedsIt = managed !== null && !mine.data?.courses.some((licensed) => licensed.courseId === course.id);
  const purchaser: Purchaser =
    chosen ??
    (managed && (schoolNeedsIt || !trust)
      ? { kind: 'school', schoolId: managed.id, name: managed.name }
      : trust
        ? { kind: 'trust', trustId: trust.id, name: trust.name }
        : mine.isSuccess && !mine.data.school
          ? { kind: 'create' }
          : { kind: 'self' });
  const [invoiceOpened, setInvoiceOpened] = useState(false);
  const [cardUnavailable, setCardUnavailable] = useState(false);
  const openInvoice = useCallback(() => setInvoiceOpened(true), []);
  const cardIsUnavailable = useCallback(() => setCardUnavailable(true), []);
  // A new school without card payment can only be bought by invoice: that form leads.
  const config = usePublicConfig();
  const currency = useShownCurrency();
  const newSchoolWithoutCard = purchaser.kind === 'create' && config.isSuccess && !config.data.stripePublishableKey;
  // Where the buyer's school is, for the tax: the invoice form's country once chosen, the browser's region until then.
  const [taxPlace, setTaxPlace] = useState<TaxPlace>(() => ({ country: localeCountry(), vatNumber: '' }));
  const price = shownPrice(course, currency);
  const tax = checkoutTax(price.amount, price.currency, taxPlace.country, taxPlace.vatNumber);

  // Someone who bought the course for themselves may still license it for the school they manage.
  const schoolCanBuy = schoolNeedsIt || trust !== null;
  const checking = mine.isPending || myTrust.isPending;
  if (course.isEnrolled && checking) return <LoadingState label="Checking your school" />;
  if (course.isEnrolled && !schoolCanBuy) {
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
  // Free in the shown currency: the server refuses an order or a card payment for it and enrolls at once (common/rules/pricing.ts).
  if (price.free) {
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
        <OrderSummary course={course} purchaser={checking ? null : purchaser} tax={tax} />
        <PaymentColumn>
          {checking ? (
            <LoadingState label="Checking your school" />
          ) : (
            <>
              <SchoolChoice mine={mine.data} trust={trust} purchaser={purchaser} onChange={setChosen} forSelf={!course.isEnrolled} />
              {purchaser.kind === 'create' ? (
                <NewSchoolCard onCreated={(school) => setChosen({ kind: 'school', schoolId: school.id, name: school.name })} />
              ) : (
                <CardPayment
                  course={course}
                  buyer={purchaser.kind === 'school' ? { schoolId: purchaser.schoolId } : purchaser.kind === 'trust' ? { trustId: purchaser.trustId } : null}
                  onUnavailable={cardIsUnavailable}
                  chargeNote={tax.cardNote}
                />
              )}
              {/* Without card payment the invoice is the way to buy, so it opens by itself and leads. */}
              <InvoiceRequest
                course={course}
                purchaser={purchaser}
                open={invoiceOpened || cardUnavailable || newSchoolWithoutCard}
                primary={cardUnavailable || newSchoolWithoutCard}
                onOpen={openInvoice}
                tax={tax}
                taxPlace={taxPlace}
                onTaxPlace={setTaxPlace}
              />
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
