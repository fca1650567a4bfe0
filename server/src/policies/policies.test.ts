import { describe, expect, it } from 'vitest';
import type { User } from '../models/User.ts';
import { requireCanDeleteComment } from './index.ts';
import { requireCanRemoveSchoolMember } from './schools.ts';
import { canSeePayment, requirePaymentOwner } from './payments.ts';
import { canSeeSchoolWork } from './assignments.ts';

const person = (id: number, role: 'learner' | 'admin' = 'learner') => ({ id, role }) as User;

describe('payment ownership', () => {
  it('lets the payer see their payment and answers 404 to anyone else, as for a missing one', () => {
    expect(canSeePayment(person(1), { userId: 1 })).toBe(true);
    expect(() => requirePaymentOwner(person(1), { userId: 1 })).not.toThrow();
    expect(() => requirePaymentOwner(person(2), { userId: 1 })).toThrow(expect.objectContaining({ status: 404, message: 'Payment not found' }));
    expect(() => requirePaymentOwner(person(2, 'admin'), { userId: 1 })).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => requirePaymentOwner(person(1), undefined)).toThrow(expect.objectContaining({ status: 404 }));
  });
});

describe("a school's submitted work on its training status", () => {
  it('is linked for admins always and for its managers only when the school shares it', () => {
    expect([canSeeSchoolWork(person(1, 'admin'), false), canSeeSchoolWork(person(1, 'admin'), true)]).toEqual([true, true]);
    expect([canSeeSchoolWork(person(2), false), canSeeSchoolWork(person(2), true)]).toEqual([false, true]);
    expect(canSeeSchoolWork(null, false)).toBe(false);
  });
});

describe('school members and comments', () => {
  const manager = { schoolId: 5, role: 'manager' };
  const member = { schoolId: 5, role: 'member' };

  it('lets a manager remove anyone of their school and a member only themselves', () => {
    expect(() => requireCanRemoveSchoolMember(person(1), manager, 5, 9)).not.toThrow();
    expect(() => requireCanRemoveSchoolMember(person(1), member, 5, 1)).not.toThrow();
    expect(() => requireCanRemoveSchoolMember(person(1), member, 5, 9)).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => requireCanRemoveSchoolMember(person(1), manager, 6, 9)).toThrow(expect.objectContaining({ status: 403 }));
  });

  it('lets authors and admins delete a comment', () => {
    expect(() => requireCanDeleteComment(person(1), { userId: 1 })).not.toThrow();
    expect(() => requireCanDeleteComment(person(2, 'admin'), { userId: 1 })).not.toThrow();
    expect(() => requireCanDeleteComment(person(2), { userId: 1 })).toThrow(expect.objectContaining({ status: 403 }));
  });
});
