import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CourseDetailDto, ModuleDto, OrderDto, PaymentIntentDto } from '@atrium/common';
import { invoiceFigures } from '@atrium/common/rules/tax';
import { fail, learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { readAs } from '../../test/reader.ts';
import { renderScene } from '../../test/render.tsx';
import { CheckoutScene } from './CheckoutScene.tsx';
import { STRIPE_LOAD_TIMEOUT_MS } from './stripeLoader.ts';

// Stripe is replaced at its boundary: the loader and the React bindings.
const stripe = vi.hoisted(() => ({ loadStripe: vi.fn(), confirmPayment: vi.fn(), elementsOptions: [] as unknown[] }));

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));

vi.mock('@stripe/react-stripe-js', async () => {
  const React = await import('react');
  return {
    Elements: ({ children, options }: { children: React.ReactNode; options: unknown }) => {
      stripe.elementsOptions.push(options);
      return React.createElement('div', { 'data-testid': 'stripe-elements' }, children);
    },
    PaymentElement: ({ onReady }: { onReady?: () => void }) => {
      React.useEffect(() => onReady?.(), [onReady]);
      return React.createElement('div', { 'data-testid': 'payment-element' }, 'Card number');
    },
    useStripe: () => ({ confirmPayment: stripe.confirmPayment }),
    useElements: () => ({ kind: 'elements' }),
  };
});

const modules: ModuleDto[] = [1, 2, 3].map((n) => ({
  id: n,
  courseId: 5,
  title: `Module ${n}`,
  description: '',
  duration: 300,
  orderIndex: n,
  isCompleted: false,
}));

const course: CourseDetailDto = {
  id: 5,
  title: 'Smartphone Photography for School Marketing',
  description: 'Take photos parents love with the phone in your pocket.',
  price: 49900,
  thumbnail: null,
  salesVideoId: null,
  totalModules: 3,
  totalDuration: 900,
  isEnrolled: false,
  completedModules: 0,
  progressPercentage: 0,
  lastWatchedModule: null,
  modules,
  steps: modules.map((m) => ({ kind: 'video' as const, id: m.id, title: m.title, isCompleted: m.isCompleted, duration: m.duration })),
  passMark: 80,
  quizRequired: false,
};

const verified = { ...learner, emailVerified: true };

const intent: PaymentIntentDto = { clientSecret: 'pi_123_secret_abc', paymentIntentId: 'pi_123', amount: 49900, currency: 'gbp' };
// The loader keeps one Stripe per key for the visit: a key of its own per test starts each from a fresh page.
let keyNumber = 0;
let stripeConfig = { ...publicConfig, stripePublishableKey: 'pk_test_0' };

function setup(extra: Parameters<typeof mockApi>[0] = {}, config: object = stripeConfig) {
  return mockApi({
    // A confirmed address: invoice requests need one (the unconfirmed case has its own test).
    'GET /api/user': ok(verified),
    'GET /api/config': ok(config),
    'GET /api/courses/5': ok(course),
    'GET /api/orders': ok([]),
    'POST /api/create-payment-intent': ok(intent),
    ...extra,
  });
}

const renderCheckout = () => renderScene(<CheckoutScene />, { route: '/checkout/5', path: '/checkout/:id' });

beforeEach(() => {
  keyNumber += 1;
  stripeConfig = { ...publicConfig, stripePublishableKey: `pk_test_${keyNumber}` };
  stripe.loadStripe.mockReset().mockResolvedValue({ kind: 'stripe' });
  stripe.confirmPayment.mockReset();
  stripe.elementsOptions.length = 0;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('CheckoutScene: card payment', () => {
  it('shows the summary, creates the intent on load and mounts the Payment Element with its client secret', async () => {
    const api = setup();
    renderCheckout();
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase Course' })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText(course.title)).toBeInTheDocument();
    expect(within(summary).getByText(course.description)).toBeInTheDocument();
    expect(within(summary).getByText(/3 modules/)).toBeInTheDocument();
    // The videos' real length (900 s), not the estimate from the module count (issue 53).
    expect(within(summary).getByText('15 minutes of video')).toBeInTheDocument();
    expect(within(summary).getByText('£499.00')).toBeInTheDocument();

    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/create-payment-intent')[0]?.body).toEqual({ courseId: 5, currency: 'GBP' });
    expect(stripe.loadStripe).toHaveBeenCalledWith(stripeConfig.stripePublishableKey);
    expect(stripe.elementsOptions.at(-1)).toMatchObject({ clientSecret: 'pi_123_secret_abc' });
    expect(screen.getByRole('button', { name: /Pay £499.00/ })).toBeEnabled();
  });

  it("keeps the card form when a refresh of the site's settings fails on the way", async () => {
    let configFails = false;
    setup({ 'GET /api/config': () => (configFails ? fail(503, 'The server is not answering.') : ok(stripeConfig)) });
    const { queryClient } = renderCheckout();
    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
    configFails = true;
    await act(() => queryClient.refetchQueries({ queryKey: ['/api/config'] }));
    expect(queryClient.getQueryState(['/api/config'])?.status).toBe('error');
    expect(screen.getByTestId('payment-element')).toBeInTheDocument();
    expect(screen.queryByText('Card payment is unavailable right now')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /School or organisation/ })).not.toBeInTheDocument();
  });

  it('shows "Processing" while confirming and returns to /payment-success', async () => {
    setup();
    let finish: (value: unknown) => void = () => {};
    stripe.confirmPayment.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    renderCheckout();
    await userEvent.click(await screen.findByRole('button', { name: /Pay £499.00/ }));
    const busy = screen.getByRole('button', { name: /Processing/ });
    expect(busy).toBeDisabled();
    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      elements: { kind: 'elements' },
      confirmParams: { return_url: `${window.location.origin}/payment-success` },
    });
    await act(async () => finish({ error: { type: 'card_error', message: 'Your card was declined.' } }));
    expect(await screen.findByRole('button', { name: /Pay £499.00/ })).toBeEnabled();
  });

  it('says "Payment Failed" with the provider\'s message when the payment is declined', async () => {
    setup();
    stripe.confirmPayment.mockResolvedValue({ error: { type: 'card_error', code: 'card_declined', message: 'Your card has insufficient funds.' } });
    renderCheckout();
    await userEvent.click(await screen.findByRole('button', { name: /Pay £499.00/ }));
    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    expect(screen.getByText('Your card has insufficient funds.')).toBeInTheDocument();
  });

  it('says "Payment Error" / "An unexpected error occurred." when confirming throws', async () => {
    setup();
    stripe.confirmPayment.mockRejectedValue(new Error('boom'));
    renderCheckout();
    await userEvent.click(await screen.findByRole('button', { name: /Pay £499.00/ }));
    expect(await screen.findByText('Payment Error')).toBeInTheDocument();
    expect(screen.getByText('An unexpected error occurred.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Pay £499.00/ })).toBeEnabled();
  });

  it('says plainly when Stripe.js cannot load, and opens the invoice form', async () => {
    setup();
    stripe.loadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
    renderCheckout();
    expect(await screen.findByText('The secure card form could not be loaded')).toBeInTheDocument();
    expect(screen.getByText(/could not be reached from this browser/)).toBeInTheDocument();
    expect(screen.queryByTestId('payment-element')).not.toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /School or organisation/ })).toBeInTheDocument();

    // "Try again" really loads again.
    stripe.loadStripe.mockResolvedValue({ kind: 'stripe' });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
    expect(stripe.loadStripe).toHaveBeenCalledTimes(2);
  });

  it('gives up waiting for a Stripe.js that never answers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup();
    stripe.loadStripe.mockReturnValue(new Promise(() => {}));
    renderCheckout();
    expect(await screen.findByText('Preparing secure card payment…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(STRIPE_LOAD_TIMEOUT_MS + 10));
    expect(await screen.findByText('The secure card form could not be loaded')).toBeInTheDocument();
  });

  it('without Stripe keys says card payment is not available here and shows the invoice form', async () => {
    const api = setup({}, publicConfig);
    renderCheckout();
    expect(await screen.findByText('Card payment is not available here')).toBeInTheDocument();
    // The invoice form opens once the card panel has said it is unavailable.
    expect(await screen.findByRole('textbox', { name: /School or organisation/ })).toHaveValue(learner.company);
    expect(api.callsTo('POST', '/api/create-payment-intent')).toHaveLength(0);
    expect(stripe.loadStripe).toHaveBeenCalledTimes(0);
  });

  it('treats the server\'s 503 "not available" answer the same way', async () => {
    setup({ 'POST /api/create-payment-intent': fail(503, 'Card payment is not available here. You can request an invoice instead.') });
    renderCheckout();
    expect(await screen.findByText('Card payment is not available here')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /Billing e-mail/ })).toBeInTheDocument();
  });

  it("shows the server's message when Stripe cannot be reached from the server", async () => {
    setup({
      'POST /api/create-payment-intent': fail(503, 'The card payment service could not be reached. Please try again in a moment, or request an invoice.'),
    });
    renderCheckout();
    expect(await screen.findByText('Card payment is unavailable right now')).toBeInTheDocument();
    expect(screen.getByText(/could not be reached\. Please try again/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('CheckoutScene: pay by invoice', () => {
  it('validates the form with the shared schema, then confirms the request', async () => {
    const order: OrderDto = {
      id: 42,
      reference: 'ORD-000042',
      userId: learner.id,
      courseId: 5,
      courseTitle: course.title,
      schoolName: 'Hill School',
      billingEmail: 'finance@hill.sch.uk',
      purchaseOrderNumber: 'PO-881',
      amount: 49900,
      currency: 'gbp',
      status: 'requested',
      createdAt: new Date().toISOString(),
      paidAt: null,
    };
    const api = setup({ 'POST /api/orders': { status: 201, body: order } });
    renderCheckout();
    await userEvent.click(await screen.findByRole('button', { name: /Request an invoice/ }));
    const school = screen.getByRole('textbox', { name: /School or organisation/ });
    expect(school).toHaveFocus();
    await userEvent.clear(school);
    await userEvent.type(screen.getByRole('textbox', { name: /Billing e-mail/ }), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: /Request an invoice for £499.00/ }));
    expect(await screen.findByText('Please enter the school or organisation name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/orders')).toHaveLength(0);

    await userEvent.type(school, 'Hill School');
    const billing = screen.getByRole('textbox', { name: /Billing e-mail/ });
    await userEvent.clear(billing);
    await userEvent.type(billing, 'finance@hill.sch.uk');
    await userEvent.type(screen.getByRole('textbox', { name: /Purchase order number/ }), 'PO-881');
    // The country starts from the browser's locale (en-US here); a UK school picks its own.
    expect(screen.getByRole('combobox', { name: /Country/ })).toHaveValue('US');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Country/ }), 'GB');
    await userEvent.type(screen.getByRole('textbox', { name: /Billing address/ }), 'Hill Road, York');
    await userEvent.type(screen.getByRole('textbox', { name: /VAT number/ }), 'GB12');
    // A UK school's invoice adds VAT: the button says the total it will carry.
    await userEvent.click(screen.getByRole('button', { name: /Request an invoice for £598.80/ }));
    // A VAT number of the wrong shape is caught by the shared schema before anything is sent.
    expect(await screen.findByText(/not the shape of a United Kingdom VAT number/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/orders')).toHaveLength(0);
    await userEvent.clear(screen.getByRole('textbox', { name: /VAT number/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /VAT number/ }), 'GB123456789');
    await userEvent.click(screen.getByRole('button', { name: /Request an invoice for £598.80/ }));

    expect(await screen.findByRole('heading', { name: 'Invoice requested' })).toHaveFocus();
    expect(screen.getByText('finance@hill.sch.uk')).toBeInTheDocument();
    expect(screen.getByText(/Access is given as soon as it is paid/)).toBeInTheDocument();
    expect(screen.getByText('ORD-000042')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/orders')[0]?.body).toEqual({
      courseId: 5,
      schoolName: 'Hill School',
      billingEmail: 'finance@hill.sch.uk',
      purchaseOrderNumber: 'PO-881',
      currency: 'GBP',
      country: 'GB',
      billingAddress: 'Hill Road, York',
      vatNumber: 'GB123456789',
    });
    expect(screen.queryByRole('textbox', { name: /School or organisation/ })).not.toBeInTheDocument();
  });

  it('shows an open invoice request instead of the form', async () => {
    setup({
      'GET /api/orders': ok([
        {
          id: 9,
          reference: 'ORD-000009',
          userId: learner.id,
          courseId: 5,
          courseTitle: course.title,
          schoolName: 'Example Academy',
          billingEmail: 'bursar@example.sch.uk',
          purchaseOrderNumber: null,
          amount: 49900,
          currency: 'gbp',
          status: 'requested',
          createdAt: '2025-10-01T09:00:00.000Z',
          paidAt: null,
        } satisfies OrderDto,
      ]),
    });
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'Invoice requested' })).toBeInTheDocument();
    expect(screen.getByText('bursar@example.sch.uk')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Request an invoice/ })).not.toBeInTheDocument();
  });

  it("shows the server's reason when the request is refused, and reads the orders and the course again", async () => {
    const api = setup({ 'POST /api/orders': fail(409, 'You have already requested an invoice for this course. We will be in touch shortly.') }, publicConfig);
    renderCheckout();
    await userEvent.type(await screen.findByRole('textbox', { name: /Billing e-mail/ }), 'finance@hill.sch.uk');
    const [orders, course] = [api.callsTo('GET', '/api/orders').length, api.callsTo('GET', '/api/courses/5').length];
    await userEvent.click(screen.getByRole('button', { name: /Request an invoice for/ }));
    expect(await screen.findByText('Invoice request failed')).toBeInTheDocument();
    // The toast and, briefly, Radix's screen-reader announcement of it both carry the sentence.
    expect(screen.getAllByText(/already requested an invoice/).length).toBeGreaterThan(0);
    // Requested before, or enrolled meanwhile: the page shows what is true now.
    await waitFor(() => expect(api.callsTo('GET', '/api/orders').length).toBeGreaterThan(orders));
    expect(api.callsTo('GET', '/api/courses/5').length).toBeGreaterThan(course);
  });
});

describe('CheckoutScene: an invoice needs a confirmed address', () => {
  it('asks an unconfirmed buyer to confirm their address instead of showing the form, and sends the link again', async () => {
    const api = setup({ 'GET /api/user': ok(learner), 'POST /api/user/verify-email': ok({ message: 'We have sent a new link.' }) }, publicConfig);
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'Confirm your e-mail address first' })).toBeInTheDocument();
    expect(screen.getByText(learner.email)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Billing e-mail/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Request an invoice/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('Verification e-mail sent')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/user/verify-email')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/orders')).toHaveLength(0);
  });
});

describe('CheckoutScene: nothing to pay', () => {
  it('links an enrolled learner to the course instead of any form', async () => {
    const api = setup({ 'GET /api/courses/5': ok({ ...course, isEnrolled: true }) });
    renderCheckout();
    expect(await screen.findByRole('heading', { level: 1, name: "You're already enrolled" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the course' })).toHaveAttribute('href', '/courses/5');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/create-payment-intent')).toHaveLength(0);
    expect(stripe.loadStripe).not.toHaveBeenCalled();
  });

  it('sends a free course to its page to enroll', async () => {
    setup({ 'GET /api/courses/5': ok({ ...course, price: 0 }) });
    renderCheckout();
    expect(await screen.findByRole('link', { name: 'Enroll from the course page' })).toHaveAttribute('href', '/courses/5');
  });

  it('asks the one rule in the shown currency (dollars here): free in dollars is nothing to pay; free in pounds only is for sale', async () => {
    setup({ 'GET /api/courses/5': ok({ ...course, prices: { GBP: 49900, USD: 0 } }) });
    const { unmount } = renderCheckout();
    expect(await screen.findByRole('heading', { level: 1, name: 'This course is free' })).toBeInTheDocument();
    unmount();
    setup({ 'GET /api/courses/5': ok({ ...course, price: 0, prices: { GBP: 0, USD: 59900 } }) });
    renderCheckout();
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase Course' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'This course is free' })).not.toBeInTheDocument();
  });

  it('says when the course does not exist', async () => {
    setup({ 'GET /api/courses/5': fail(404, 'Course not found') });
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'Course not found' })).toBeInTheDocument();
  });
});

describe('CheckoutScene: which school is this for?', () => {
  const school = { id: 4, name: "St Mary's Primary", country: 'GB', createdAt: '2026-01-01T00:00:00.000Z' };

  it('buys for the school a manager manages, or for them alone when they choose', async () => {
    const api = setup({
      'GET /api/schools/mine': ok({ school, role: 'manager', courses: [], domains: [], can: { manage: true, buyForSchool: true }, api: '/api/schools/4' }),
      'POST /api/create-payment-intent': ({ body }) => {
        const forSchool = (body as { schoolId?: number }).schoolId !== undefined;
        return ok({ ...intent, clientSecret: forSchool ? 'pi_school_secret' : 'pi_me_secret' });
      },
    });
    renderCheckout();
    expect(await screen.findByRole('group', { name: /Which school is this for/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /St Mary's Primary/ })).toBeChecked();
    expect(
      within(screen.getByRole('region', { name: 'Order summary' })).getByText("Every member of staff at St Mary's Primary gets their own login"),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/create-payment-intent')[0]?.body).toEqual({ courseId: 5, schoolId: 4, currency: 'GBP' });
    expect(stripe.elementsOptions.at(-1)).toMatchObject({ clientSecret: 'pi_school_secret' });

    await userEvent.click(screen.getByRole('radio', { name: /Just for me/ }));
    await vi.waitFor(() => expect(api.callsTo('POST', '/api/create-payment-intent').at(-1)?.body).toEqual({ courseId: 5, currency: 'GBP' }));
    await vi.waitFor(() => expect(stripe.elementsOptions.at(-1)).toMatchObject({ clientSecret: 'pi_me_secret' }));
  });

  it('sends the managed school with an invoice request', async () => {
    const api = setup(
      {
        'GET /api/schools/mine': ok({ school, role: 'manager', courses: [], domains: [], can: { manage: true, buyForSchool: true }, api: '/api/schools/4' }),
        'POST /api/orders': {
          status: 201,
          body: {
            id: 43,
            reference: 'ORD-000043',
            userId: learner.id,
            courseId: 5,
            courseTitle: course.title,
            schoolName: school.name,
            billingEmail: 'f@stmarys.sch.uk',
            purchaseOrderNumber: null,
            amount: 49900,
            currency: 'gbp',
            status: 'requested',
            createdAt: new Date().toISOString(),
            paidAt: null,
          },
        },
      },
      publicConfig,
    );
    renderCheckout();
    expect(await screen.findByRole('textbox', { name: /School or organisation/ })).toHaveValue("St Mary's Primary");
    await userEvent.type(screen.getByRole('textbox', { name: /Billing e-mail/ }), 'f@stmarys.sch.uk');
    await userEvent.click(screen.getByRole('button', { name: /Request an invoice for/ }));
    expect(await screen.findByRole('heading', { name: 'Invoice requested' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/orders')[0]?.body).toMatchObject({
      courseId: 5,
      schoolName: "St Mary's Primary",
      billingEmail: 'f@stmarys.sch.uk',
      schoolId: 4,
    });
    expect(api.callsTo('POST', '/api/orders')[0]?.body).not.toHaveProperty('createSchool');
  });

  it('creates a school for someone without one, then pays by card for it', async () => {
    let created = false;
    const api = setup({
      'GET /api/user': ok({ ...verified, company: 'Hill School' }),
      'GET /api/schools/mine': () =>
        ok(
          created
            ? {
                school: { ...school, id: 9, name: 'Hill School' },
                role: 'manager',
                courses: [],
                domains: [],
                can: { manage: true, buyForSchool: true },
                api: '/api/schools/9',
              }
            : { school: null, role: null, courses: [], domains: [], can: { manage: false, buyForSchool: false }, api: null },
        ),
      'POST /api/schools': ({ body }) => {
        created = true;
        return { status: 201, body: { ...school, id: 9, name: (body as { name: string }).name } };
      },
    });
    renderCheckout();
    // The school purchase is the default, and the summary says what it gives.
    expect(await screen.findByRole('radio', { name: /For my school/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Just for me/ })).not.toBeChecked();
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Every member of staff at your school gets their own login')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /Just for me/ }));
    expect(within(summary).getByText(/Only you get access/)).toBeInTheDocument();
    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /For my school/ }));
    expect(screen.queryByTestId('payment-element')).not.toBeInTheDocument();
    // Pre-filled from the buyer's profile.
    expect(screen.getByRole('textbox', { name: /School or organisation name/ })).toHaveValue('Hill School');
    await userEvent.click(screen.getByRole('button', { name: 'Create school and pay by card' }));
    expect(api.callsTo('POST', '/api/schools')[0]?.body).toEqual({ name: 'Hill School', country: 'US' });
    expect(await screen.findByRole('radio', { name: /Hill School/ })).toBeChecked();
    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
    await vi.waitFor(() => expect(api.callsTo('POST', '/api/create-payment-intent').at(-1)?.body).toEqual({ courseId: 5, schoolId: 9, currency: 'GBP' }));
  });

  it('creates a school with an invoice order for someone without one', async () => {
    const api = setup({
      'GET /api/schools/mine': ok({ school: null, role: null, courses: [], domains: [], can: { manage: false, buyForSchool: false }, api: null }),
      'POST /api/orders': {
        status: 201,
        body: {
          id: 44,
          reference: 'ORD-000044',
          userId: learner.id,
          courseId: 5,
          courseTitle: course.title,
          schoolName: 'Hill School',
          billingEmail: 'f@hill.sch.uk',
          purchaseOrderNumber: null,
          amount: 49900,
          currency: 'gbp',
          status: 'requested',
          createdAt: new Date().toISOString(),
          paidAt: null,
        },
      },
    });
    renderCheckout();
    expect(await screen.findByRole('radio', { name: /For my school/ })).toBeChecked();
    expect(screen.queryByTestId('payment-element')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Request an invoice/ }));
    const name = await screen.findByRole('textbox', { name: /Name of the new school/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Hill School');
    await userEvent.type(screen.getByRole('textbox', { name: /Billing e-mail/ }), 'f@hill.sch.uk');
    await userEvent.click(screen.getByRole('button', { name: /Request an invoice for/ }));
    expect(await screen.findByRole('heading', { name: 'Invoice requested' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/orders')[0]?.body).toMatchObject({
      courseId: 5,
      schoolName: 'Hill School',
      billingEmail: 'f@hill.sch.uk',
      createSchool: true,
    });
    expect(api.callsTo('POST', '/api/orders')[0]?.body).not.toHaveProperty('schoolId');
  });

  it('lets a manager who has the course personally still license it for the school', async () => {
    const api = setup({
      'GET /api/courses/5': ok({ ...course, isEnrolled: true }),
      'GET /api/schools/mine': ok({ school, role: 'manager', courses: [], domains: [], can: { manage: true, buyForSchool: true }, api: '/api/schools/4' }),
    });
    renderCheckout();
    expect(await screen.findByRole('radio', { name: /St Mary's Primary/ })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /Just for me/ })).not.toBeInTheDocument();
    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/create-payment-intent')[0]?.body).toEqual({ courseId: 5, schoolId: 4, currency: 'GBP' });
  });

  it('has nothing to sell when the school is licensed already', async () => {
    const api = setup({
      'GET /api/courses/5': ok({ ...course, isEnrolled: true }),
      'GET /api/schools/mine': ok({
        school,
        role: 'manager',
        courses: [{ courseId: 5, title: course.title }],
        domains: [],
        can: { manage: true, buyForSchool: true },
        api: '/api/schools/4',
      }),
    });
    renderCheckout();
    expect(await screen.findByRole('heading', { name: "You're already enrolled" })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/create-payment-intent')).toHaveLength(0);
  });

  it('tells a member who does not manage their school that the purchase is personal', async () => {
    const api = setup({
      'GET /api/schools/mine': ok({ school, role: 'member', courses: [], domains: [], can: { manage: false, buyForSchool: false }, api: null }),
    });
    renderCheckout();
    expect(await screen.findByText(/You are a member of St Mary's Primary/)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/create-payment-intent')[0]?.body).toEqual({ courseId: 5, currency: 'GBP' });
  });
});

describe('CheckoutScene: buying for a trust', () => {
  const school = { id: 4, name: "St Mary's Primary", country: 'GB', createdAt: '2026-01-01T00:00:00.000Z' };
  const trust = { id: 9, name: 'Greenway Trust', courseIds: [] as number[], api: '/api/trusts/9' };
  const noSchool = ok({ school: null, role: null, courses: [], domains: [], can: { manage: false, buyForSchool: false }, api: null });

  it('a trust manager buys by card for every school of the trust by default, or for themselves', async () => {
    const api = setup({ 'GET /api/schools/mine': noSchool, 'GET /api/trusts/mine': ok({ trust }) });
    renderCheckout();
    expect(await screen.findByRole('radio', { name: /For every school of Greenway Trust/ })).toBeChecked();
    expect(screen.getByRole('group', { name: /Who is this for\?/ })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Order summary' })).getByText(
        'Every member of staff at every school of Greenway Trust gets their own login, in schools that join later too',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/create-payment-intent')[0]?.body).toEqual({ courseId: 5, trustId: 9, currency: 'GBP' });
    await userEvent.click(screen.getByRole('radio', { name: /Just for me/ }));
    await vi.waitFor(() => expect(api.callsTo('POST', '/api/create-payment-intent').at(-1)?.body).toEqual({ courseId: 5, currency: 'GBP' }));
  });

  it('asks for an invoice made out to the trust, without a name to type', async () => {
    const api = setup(
      {
        'GET /api/schools/mine': noSchool,
        'GET /api/trusts/mine': ok({ trust }),
        'POST /api/orders': ({ body }) => ({
          status: 201,
          body: {
            ...(body as object),
            id: 44,
            reference: 'ORD-000044',
            userId: learner.id,
            courseTitle: course.title,
            schoolName: trust.name,
            trustId: 9,
            schoolId: null,
            amount: 49900,
            currency: 'gbp',
            status: 'requested',
            purchaseOrderNumber: null,
            createdAt: new Date().toISOString(),
            paidAt: null,
          },
        }),
      },
      publicConfig,
    );
    renderCheckout();
    expect(await screen.findByText(/made out to/)).toHaveTextContent(
      'the invoice, made out to Greenway Trust, to the billing address once we have prepared it.',
    );
    expect(screen.queryByRole('textbox', { name: /School or organisation/ })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Billing e-mail/ }), 'finance@greenway.example');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Country/ }), 'GB');
    await userEvent.click(screen.getByRole('button', { name: /Request an invoice for/ }));
    expect(await screen.findByRole('heading', { name: 'Invoice requested' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/orders')[0]?.body).toMatchObject({
      courseId: 5,
      trustId: 9,
      schoolName: 'Greenway Trust',
      billingEmail: 'finance@greenway.example',
    });
    expect(api.callsTo('POST', '/api/orders')[0]?.body).not.toHaveProperty('schoolId');
    const details = screen.getByRole('heading', { name: 'Invoice requested' }).closest('section') ?? document.body;
    expect(within(details as HTMLElement).getByText('Trust')).toBeInTheDocument();
  });

  it('offers a school manager who also manages the trust both, the school first; not the trust once it holds the course', async () => {
    setup({
      'GET /api/schools/mine': ok({ school, role: 'manager', courses: [], domains: [], can: { manage: true, buyForSchool: true }, api: '/api/schools/4' }),
      'GET /api/trusts/mine': ok({ trust }),
    });
    const first = renderCheckout();
    expect(await screen.findByRole('radio', { name: /For St Mary's Primary/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /For every school of Greenway Trust/ })).not.toBeChecked();
    first.unmount();

    setup({
      'GET /api/schools/mine': ok({ school, role: 'manager', courses: [], domains: [], can: { manage: true, buyForSchool: true }, api: '/api/schools/4' }),
      'GET /api/trusts/mine': ok({ trust: { ...trust, courseIds: [5] } }),
    });
    renderCheckout();
    expect(await screen.findByRole('radio', { name: /For St Mary's Primary/ })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /Greenway Trust/ })).not.toBeInTheDocument();
  });
});

describe('CheckoutScene: what the buyer pays, tax included, before they commit', () => {
  const priced = { ...course, prices: { GBP: 49900, USD: 59900 } };
  const summaryOf = () => within(screen.getByRole('region', { name: 'Order summary' }));
  // The invoice is issued by this rule (common/src/rules/tax.ts): the page must say its total.
  const ukInvoice = invoiceFigures(49900, null, 'GB', null);
  let restore = () => {};
  afterEach(() => restore());
  // An invoice request made at 22:37 in Chicago on 28 November 2026 (already the 29th in London).
  const openRequest = (money: Pick<OrderDto, 'amount' | 'currency' | 'country'>): OrderDto => ({
    id: 9,
    reference: 'ORD-000009',
    userId: learner.id,
    courseId: 5,
    courseTitle: course.title,
    schoolName: 'Hill School',
    billingEmail: 'finance@hill.sch.uk',
    purchaseOrderNumber: null,
    status: 'requested',
    createdAt: '2026-11-29T04:37:00.000Z',
    paidAt: null,
    ...money,
  });

  it('a UK school reads the price before VAT, the VAT line and the invoice total, and what the card is charged', async () => {
    restore = readAs('en-GB', 'Europe/London');
    const api = setup({ 'GET /api/courses/5': ok(priced) });
    renderCheckout();
    await screen.findByRole('heading', { level: 1, name: 'Purchase Course' });
    const summary = summaryOf();
    expect(summary.getByText('Price, before VAT').nextSibling).toHaveTextContent('£499.00');
    expect(summary.getByText('VAT at 20%').nextSibling).toHaveTextContent('£99.80');
    expect(summary.getByText('Total on the invoice').nextSibling).toHaveTextContent('£598.80');
    expect(ukInvoice.gross).toBe(59880);
    expect(summary.queryByText(/reverse/i)).not.toBeInTheDocument();
    // The card is charged the intent's amount, the price as it stands: said as it is.
    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
    expect(screen.getByText(/Your card is charged/)).toHaveTextContent(
      'Your card is charged £499.00, with no VAT added: for a VAT invoice, pay by invoice instead.',
    );
    expect(api.callsTo('POST', '/api/create-payment-intent')[0]?.body).toEqual({ courseId: 5, currency: 'GBP' });
    await userEvent.click(screen.getByRole('button', { name: /Request an invoice/ }));
    expect(screen.getByRole('combobox', { name: /Country/ })).toHaveValue('GB');
    expect(screen.getByRole('button', { name: 'Request an invoice for £598.80' })).toBeInTheDocument();
  });

  it('a UK trust reads the same VAT total as its invoice will carry', async () => {
    restore = readAs('en-GB', 'Europe/London');
    const noSchool = ok({ school: null, role: null, courses: [], domains: [], can: { manage: false, buyForSchool: false }, api: null });
    setup({
      'GET /api/courses/5': ok(priced),
      'GET /api/schools/mine': noSchool,
      'GET /api/trusts/mine': ok({ trust: { id: 9, name: 'Greenway Trust', courseIds: [], api: '/api/trusts/9' } }),
    });
    renderCheckout();
    expect(await screen.findByRole('radio', { name: /For every school of Greenway Trust/ })).toBeChecked();
    expect(summaryOf().getByText('Total on the invoice').nextSibling).toHaveTextContent('£598.80');
    expect(summaryOf().getByText(/UK schools pay VAT: the invoice adds VAT at 20% to the price/)).toBeInTheDocument();
  });

  it('a US buyer reads no UK VAT or reverse charge, and is told no sales tax applies before any exemption number', async () => {
    restore = readAs('en-US', 'America/Chicago');
    setup({ 'GET /api/courses/5': ok(priced) }, publicConfig);
    renderCheckout();
    await screen.findByRole('heading', { level: 1, name: 'Purchase Course' });
    const summary = summaryOf();
    expect(summary.getByText('Total').nextSibling).toHaveTextContent('$599.00');
    expect(summary.getByText(/No sales tax is added/)).toBeInTheDocument();
    const exemption = await screen.findByRole('textbox', { name: /Sales-tax exemption number \(optional\)/ });
    // Everything the page says once the invoice form is open, but the country list (Vatican City).
    const shown = document.body.cloneNode(true) as HTMLElement;
    shown.querySelectorAll('option').forEach((option) => option.remove());
    expect(shown.textContent).not.toMatch(/VAT|reverse.charge/i);
    expect(exemption).toHaveAccessibleDescription(/Not needed, as no sales tax is charged/);
    expect(screen.getByRole('button', { name: 'Request an invoice for $599.00' })).toBeInTheDocument();
  });

  it('follows the country chosen on the invoice form: a buyer whose browser says nothing learns both cases, then the one that applies', async () => {
    restore = readAs('en', 'Europe/London');
    setup({ 'GET /api/courses/5': ok(priced) }, publicConfig);
    renderCheckout();
    await screen.findByRole('heading', { level: 1, name: 'Purchase Course' });
    expect(summaryOf().getByText(/a UK school's invoice adds VAT at 20% \(£99.80, £598.80 in all\)/)).toBeInTheDocument();
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: /Country/ }), 'DE');
    expect(summaryOf().getByText(/No UK VAT is added for a school in Germany/)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /VAT number/ }), 'DE123456789');
    expect(summaryOf().getByText(/reverse-charged/)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Country/ }), 'GB');
    expect(summaryOf().getByText('Total on the invoice').nextSibling).toHaveTextContent('£598.80');
  });

  it('an open request says when it was made on the reader’s calendar, in their format (22:37 in Chicago is still the 28th)', async () => {
    restore = readAs('en-US', 'America/Chicago');
    setup({ 'GET /api/orders': ok([openRequest({ amount: 59900, currency: 'usd', country: 'US' })]) });
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'Invoice requested' })).toBeInTheDocument();
    expect(screen.getByText('Requested').nextSibling).toHaveTextContent('November 28, 2026');
    expect(screen.getByText('Amount').nextSibling).toHaveTextContent('$599.00');
  });

  it('an open UK request says its total with VAT', async () => {
    restore = readAs('en-GB', 'Europe/London');
    setup({ 'GET /api/orders': ok([openRequest({ amount: 49900, currency: 'gbp', country: 'GB' })]) });
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'Invoice requested' })).toBeInTheDocument();
    expect(screen.getByText('Amount').nextSibling).toHaveTextContent('£598.80 (£499.00 + £99.80 VAT)');
    expect(screen.getByText('Requested').nextSibling).toHaveTextContent('29 November 2026');
  });
});
