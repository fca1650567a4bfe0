import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AccessibilityStatementDto } from '@atrium/common';
import { fail, learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderApp } from '../../test/render.tsx';
import { AppRoutes } from '../../routes.tsx';

const statement = (overrides: Partial<AccessibilityStatementDto> = {}): AccessibilityStatementDto => ({
  brandName: 'Atrium Test',
  publicUrl: 'https://atrium.test',
  settings: {
    contactEmail: 'access@atrium.test',
    contactPhone: null,
    responseDays: 3,
    testedOn: '2026-11-02',
    testedBy: 'The Atrium team',
    knownIssues: 'Certificate PDFs are not yet tagged.',
    updatedAt: '2026-11-03T09:00:00.000Z',
  },
  contactEmail: 'access@atrium.test',
  totalModules: 5,
  captionedModules: 3,
  uncaptioned: [
    {
      courseId: 4,
      title: 'Filming on a phone',
      modules: [
        { moduleId: 9, title: 'Sound' },
        { moduleId: 10, title: 'Editing' },
      ],
    },
  ],
  ...overrides,
});

const visitorApi = (answer = ok(statement())) => ({
  'GET /api/user': fail(401, 'Not signed in'),
  'GET /api/config': ok(publicConfig),
  'GET /api/currency': ok({ currency: 'GBP' }),
  'GET /api/accessibility': answer,
});

describe('/accessibility', () => {
  it('states partial compliance with the videos still without captions listed by course, the contact, the enforcement procedure and the review', async () => {
    mockApi(visitorApi());
    renderApp(<AppRoutes />, '/accessibility');
    expect(await screen.findByRole('heading', { level: 1, name: 'Accessibility statement for Atrium Test' })).toBeInTheDocument();
    expect(screen.getByText(/This website is partially compliant with the/)).toBeInTheDocument();
    expect(screen.getByText(/2 of 5 course videos do not have captions/)).toBeInTheDocument();
    const course = screen.getByText('Filming on a phone').closest('li')!;
    expect(
      within(course)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Sound', 'Editing']);
    expect(screen.getByText('Certificate PDFs are not yet tagged.')).toBeInTheDocument();
    expect(screen.getByText(/get back to you in 3 working days/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Equality Advisory and Support Service (EASS)' })).toHaveAttribute(
      'href',
      'https://www.equalityadvisoryservice.com/',
    );
    expect(screen.getByRole('link', { name: 'Equality and Human Rights Commission (EHRC)' })).toBeInTheDocument();
    expect(screen.getByText(/last reviewed on 2 November 2026. The review was carried out by The Atrium team/)).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toContainElement(screen.getByRole('link', { name: 'Accessibility' }));
  });

  it('says fully compliant when every video has captions and no issue is noted', async () => {
    mockApi(visitorApi(ok(statement({ captionedModules: 5, uncaptioned: [], settings: { ...statement().settings, knownIssues: null, testedOn: null } }))));
    renderApp(<AppRoutes />, '/accessibility');
    expect(await screen.findByText(/This website is fully compliant with the/)).toBeInTheDocument();
    expect(screen.getByText('No review by a person has been recorded yet.', { exact: false })).toBeInTheDocument();
  });

  it('shows the server’s sentence when the statement cannot be loaded', async () => {
    mockApi(visitorApi(fail(503, 'The database is not reachable')));
    renderApp(<AppRoutes />, '/accessibility');
    expect(await screen.findByRole('heading', { name: 'The accessibility statement could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('The database is not reachable')).toBeInTheDocument();
  });
});

describe('Report an accessibility problem', () => {
  async function openForm(extra: Record<string, unknown> = {}) {
    const api = mockApi({ ...visitorApi(), ...extra });
    renderApp(<AppRoutes />, '/accessibility');
    const form = await screen.findByRole('form', { name: 'Reporting accessibility problems with this website' });
    return { api, form };
  }

  function fillIn(form: HTMLElement) {
    fireEvent.change(within(form).getByLabelText(/Your name/), { target: { value: 'Rosa Parks' } });
    fireEvent.change(within(form).getByLabelText(/Your e-mail address/), { target: { value: 'rosa@school.test' } });
    fireEvent.change(within(form).getByLabelText(/What went wrong/), { target: { value: 'The search box has no label.' } });
  }

  it('shows each problem beside its field and sends nothing', async () => {
    const { api, form } = await openForm();
    fireEvent.change(within(form).getByLabelText(/Your e-mail address/), { target: { value: 'not-an-address' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send report' }));
    expect(await within(form).findByText('Name is required')).toBeInTheDocument();
    expect(within(form).getByLabelText(/Your name/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText(/What went wrong/)).toHaveAccessibleDescription(/Message is required/);
    expect(api.callsTo('POST', '/api/accessibility/reports')).toHaveLength(0);
  });

  it('sends the report signed out and thanks with the server’s words', async () => {
    const { api, form } = await openForm({
      'POST /api/accessibility/reports': { status: 201, body: { message: 'Thank you for telling us. We will reply within 3 working days.' } },
    });
    fillIn(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you for telling us. We will reply within 3 working days.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/accessibility/reports')[0]!.body).toEqual({
      name: 'Rosa Parks',
      email: 'rosa@school.test',
      page: null,
      message: 'The search box has no label.',
    });
  });

  it('sends one report when "Send report" is clicked twice in quick succession', async () => {
    const { api, form } = await openForm({
      'POST /api/accessibility/reports': { status: 201, body: { message: 'Thank you for telling us.' } },
    });
    fillIn(form);
    const send = within(form).getByRole('button', { name: 'Send report' });
    fireEvent.click(send);
    fireEvent.click(send);
    expect(await screen.findByText('Thank you for telling us.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/accessibility/reports')).toHaveLength(1);
  });

  it('puts the server’s field errors beside the fields, and a refusal without fields (rate limit) above the form', async () => {
    let answer: { status: number; body: { message: string; id: string; errors?: Record<string, string> } } = {
      status: 400,
      body: { message: 'Invalid input', id: 'validation', errors: { email: 'That address cannot receive mail' } },
    };
    const { form } = await openForm({ 'POST /api/accessibility/reports': () => answer });
    fireEvent.change(within(form).getByLabelText(/Your name/), { target: { value: 'Rosa' } });
    fireEvent.change(within(form).getByLabelText(/Your e-mail address/), { target: { value: 'rosa@school.test' } });
    fireEvent.change(within(form).getByLabelText(/What went wrong/), { target: { value: 'Help' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send report' }));
    expect(await within(form).findByText('That address cannot receive mail')).toBeInTheDocument();

    answer = { status: 429, body: { message: 'Too many reports from this address. Please try again in an hour.', id: 'rate_limited' } };
    fireEvent.click(within(form).getByRole('button', { name: 'Send report' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Too many reports from this address.');
  });

  it('fills in a signed-in person’s name and address', async () => {
    mockApi({ ...visitorApi(), 'GET /api/user': ok(learner) });
    renderApp(<AppRoutes />, '/accessibility');
    const form = await screen.findByRole('form', { name: 'Reporting accessibility problems with this website' });
    expect(within(form).getByLabelText(/Your e-mail address/)).toHaveValue(learner.email);
  });
});
