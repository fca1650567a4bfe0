import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDto, AdminSchoolDetailDto, CourseSummaryDto, SalesTotalsDto, SchoolDeadlinesDto } from '@atrium/common';
import { mockAdminApi, ok } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { AdminSchoolScene } from './organisations/AdminSchoolScene.tsx';
import { SalesPanel } from './billing/SalesPanel.tsx';

// Issue 34 #7: after an action, every figure it changed is read again, not left as it was.

const order: AdminOrderDto = {
  id: 5,
  reference: 'ORD-000005',
  userId: 9,
  courseId: 1,
  courseTitle: 'Smartphone Photography',
  schoolName: "St Mary's Primary",
  billingEmail: 'office@stmarys.sch.uk',
  purchaseOrderNumber: null,
  amount: 49900,
  currency: 'GBP',
  status: 'requested',
  createdAt: '2026-01-10T10:00:00.000Z',
  paidAt: null,
  buyerEmail: 'head@stmarys.sch.uk',
  buyerName: 'Helen Head',
};
const totals = (invoicedPaid: number): SalesTotalsDto => ({
  currencies: [{ currency: 'GBP', cardNet: 0, cardPayments: 0, refunded: 0, invoicedGross: 59880, invoicedPaid, invoices: 1 }],
  invoicing: { sellerConfigured: true, paymentDetailsConfigured: true },
});

describe('SalesPanel: Mark as paid', () => {
  it('reads the sales totals again, so "received" and "outstanding" move with the payment', async () => {
    let paid = false;
    mockAdminApi({
      'GET /api/admin/sales': () => ok(totals(paid ? 59880 : 0)),
      'GET /api/admin/orders': () => ok([{ ...order, status: paid ? 'paid' : 'requested' }]),
      'GET /api/admin/payments': ok([]),
      'POST /api/admin/orders/5/paid': () => {
        paid = true;
        return ok({ ...order, status: 'paid' });
      },
    });
    renderScene(<SalesPanel />);
    const tile = await screen.findByRole('list', { name: 'Sales per currency' });
    expect(tile).toHaveTextContent('£598.80 outstanding');
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as paid: order ORD-000005' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Mark as paid' }));
    expect(await screen.findByText('Order marked as paid')).toBeInTheDocument();
    expect(await screen.findByText(/£0\.00 outstanding/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Sales per currency' })).toHaveTextContent('£598.80received');
  });
});

const courseOf = (id: number, title: string): CourseSummaryDto => ({
  id,
  title,
  description: '',
  price: 49900,
  thumbnail: null,
  salesVideoId: null,
  totalModules: 2,
  totalDuration: 0,
});
const school: AdminSchoolDetailDto = {
  id: 4,
  name: "St Mary's Primary",
  country: 'GB',
  createdAt: '2026-01-01T00:00:00.000Z',
  memberCount: 1,
  licenceCount: 0,
  members: [{ userId: 7, name: 'Helen Head', email: 'head@stmarys.sch.uk', role: 'manager', joinedAt: '2026-01-01T00:00:00.000Z' }],
  licences: [],
  domains: [],
  invitesApprovedAt: null,
  api: '/api/admin/schools/4',
};
const counts = { not_started: 0, in_progress: 0, due_soon: 0, overdue: 0, completed: 0, renewal_due: 0 };

describe('AdminSchoolScene: granting a licence', () => {
  it('reads the deadlines again, so the licensed course is not listed as "No courses are licensed"', async () => {
    let granted = false;
    const deadlines = (): SchoolDeadlinesDto =>
      granted
        ? {
            trustName: null,
            courses: [{ courseId: 1, title: 'Smartphone Photography', completeBy: null, newStaffDays: null, validityMonths: null, trust: null }],
            counts: { ...counts, not_started: 1 },
            invited: 0,
          }
        : { trustName: null, courses: [], counts, invited: 0 };
    mockAdminApi({
      'GET /api/courses': ok([courseOf(1, 'Smartphone Photography')]),
      'GET /api/admin/schools/4': ok(school),
      'GET /api/admin/schools/4/deadlines': () => ok(deadlines()),
      'GET /api/admin/schools/4/training-status': ok([]),
      'POST /api/admin/schools/4/licences': () => {
        granted = true;
        return ok({
          ...school,
          licenceCount: 1,
          licences: [{ courseId: 1, title: 'Smartphone Photography', source: 'grant', createdAt: '2026-01-10T10:00:00.000Z', revokedAt: null }],
        });
      },
    });
    renderScene(<AdminSchoolScene />, { route: '/admin/schools/4', path: '/admin/schools/:schoolId' });
    // The first render of a cold test file can be slow on a busy machine.
    expect(await screen.findByText(/No courses are licensed for this school yet/, {})).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Smartphone Photography' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Grant a licence' }), 'Smartphone Photography');
    await userEvent.click(screen.getByRole('button', { name: 'Grant' }));
    expect(await screen.findByText('Licence granted')).toBeInTheDocument();
    const deadlinesPanel = screen.getByRole('region', { name: 'Training deadlines' });
    expect(await within(deadlinesPanel).findByText('Smartphone Photography')).toBeInTheDocument();
    expect(screen.queryByText(/No courses are licensed/)).not.toBeInTheDocument();
  });
});
