import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import type { CourseDetailDto } from '@atrium/common';
import { usePublicConfig } from '../../api/config.ts';
import { useCourse } from '../../api/courses.ts';
import { useMySchool } from '../../api/schools.ts';
import { useMyTrust } from '../../api/trusts.ts';
import { useShownCurrency } from '../../api/currency.ts';
import { shownPrice } from '../../components/coursePrice.ts';
import { mapRead, readState } from '../../components/QueryState.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { CardPayment } from './CardPayment.tsx';
import { checkoutTax } from './checkoutTax.ts';
import { CheckoutView, type CheckoutPhase } from './CheckoutView.tsx';
import { InvoiceRequest, localeCountry, type Purchaser, type TaxPlace } from './InvoiceRequest.tsx';
import { NewSchoolCard } from './NewSchoolCard.tsx';

/**
 * /checkout/:id: reads the course, the buyer's school and trust, decides who the purchase is for
 * and where the checkout stands; the card form and the invoice request are containers of their
 * own. Stripe.js is loaded by this scene only (CardPayment).
 */
export function CheckoutScene() {
  usePageTitle('Purchase Course');
  const { id = '' } = useParams();
  const course = useCourse(id);
  const mine = useMySchool();
  const myTrust = useMyTrust();
  const config = usePublicConfig();
  const currency = useShownCurrency();
  // Null until chosen: the default is worked out from the buyer's school and trust (`phaseOf`).
  const [chosen, setChosen] = useState<Purchaser | null>(null);
  const [invoiceOpened, setInvoiceOpened] = useState(false);
  const [cardUnavailable, setCardUnavailable] = useState(false);
  const openInvoice = useCallback(() => setInvoiceOpened(true), []);
  const cardIsUnavailable = useCallback(() => setCardUnavailable(true), []);
  // Where the buyer's school is, for the tax: the invoice form's country once chosen, the browser's region until then.
  const [taxPlace, setTaxPlace] = useState<TaxPlace>(() => ({ country: localeCountry(), vatNumber: '' }));

  const phaseOf = (course: CourseDetailDto): CheckoutPhase => {
    const managed = mine.data?.can.buyForSchool && mine.data.school ? mine.data.school : null;
    // A trust manager may buy for the whole trust unless the trust holds the course already.
    const trust = myTrust.data?.trust && !myTrust.data.trust.courseIds.includes(course.id) ? myTrust.data.trust : null;
    // The page promises every member of staff a login, so the school purchase is the default: a
    // manager buys for their school, a trust manager for the trust, someone without a school
    // creates one. A member of a school someone else manages, or a buyer whose school could not
    // be looked up, buys for themselves.
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
    // Someone who bought the course for themselves may still license it for the school they manage.
    const schoolCanBuy = schoolNeedsIt || trust !== null;
    const checking = mine.isPending || myTrust.isPending;
    if (course.isEnrolled && checking) return { phase: 'checking' };
    if (course.isEnrolled && !schoolCanBuy) return { phase: 'enrolled' };
    // Free in the shown currency: the server refuses an order or a card payment for it and enrolls at once (common/rules/pricing.ts).
    const price = shownPrice(course, currency);
    if (price.free) return { phase: 'free' };
    const tax = checkoutTax(price.amount, price.currency, taxPlace.country, taxPlace.vatNumber);
    // A new school without card payment can only be bought by invoice: that form leads.
    const newSchoolWithoutCard = purchaser.kind === 'create' && config.isSuccess && !config.data.stripePublishableKey;
    return {
      phase: 'buy',
      checking,
      purchaser,
      tax,
      choice: { mine: mine.data, trust, onChange: setChosen, forSelf: !course.isEnrolled },
      card:
        purchaser.kind === 'create' ? (
          <NewSchoolCard onCreated={(school) => setChosen({ kind: 'school', schoolId: school.id, name: school.name })} />
        ) : (
          <CardPayment
            course={course}
            buyer={purchaser.kind === 'school' ? { schoolId: purchaser.schoolId } : purchaser.kind === 'trust' ? { trustId: purchaser.trustId } : null}
            onUnavailable={cardIsUnavailable}
            chargeNote={tax.cardNote}
          />
        ),
      // Without card payment the invoice is the way to buy, so it opens by itself and leads.
      invoice: (
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
      ),
    };
  };

  return <CheckoutView checkout={mapRead(readState(course), (data) => ({ course: data, phase: phaseOf(data) }))} wellFormed={/^\d+$/.test(id)} />;
}
