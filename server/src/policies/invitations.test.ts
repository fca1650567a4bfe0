import { describe, expect, it } from 'vitest';
import { presentInvitedPerson } from '../presenters/schools.ts';
import { presentTrustInvitation } from '../presenters/trusts.ts';
import { inviteExpired, inviteProblem, trustInviteProblem } from './invitations.ts';

const now = Date.UTC(2026, 10, 30, 12);

// One meaning of "expired" for every kind of invitation (issue 51): the rules that refuse one and
// the lists that label one agree to the millisecond.
describe('an invitation’s expiry', () => {
  it('is reached at its expiry instant; a link without one never expires', () => {
    expect(inviteExpired(now + 1, now)).toBe(false);
    expect(inviteExpired(now, now)).toBe(true);
    expect(inviteExpired(String(now - 1), now)).toBe(true);
    expect(inviteExpired(null, now)).toBe(false);
  });

  it('is what the refusals and the invited lists both say', () => {
    for (const expiresAt of [now - 1, now, now + 1]) {
      const expired = inviteExpired(expiresAt, now);
      const school = inviteProblem({ revokedAt: null, expiresAt, maxUses: 1, uses: 0 }, now);
      const trust = trustInviteProblem({ acceptedAt: null, revokedAt: null, expiresAt }, now);
      expect([school !== null, trust !== null]).toEqual([expired, expired]);
      const person = presentInvitedPerson({ id: 1, email: 'a@b.test', firstName: null, lastName: null, sentAt: now - 5, expiresAt }, now);
      const manager = presentTrustInvitation({ id: 1, trustId: 1, email: 'a@b.test', createdAt: now - 5, expiresAt, acceptedAt: null, revokedAt: null }, now);
      expect([person.status, manager.status]).toEqual(expired ? ['expired', 'expired'] : ['pending', 'pending']);
    }
  });
});
