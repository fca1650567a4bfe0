import { describe, expect, it } from 'vitest';
import { dueLine } from './TrainingStatusBadge.tsx';

const now = new Date('2026-03-01T09:00:00Z');

describe('dueLine', () => {
  it('says what a learner must know about a course, and nothing when there is nothing to say', () => {
    expect(dueLine({ status: 'not_started', dueOn: '2026-03-20', expiresOn: null }, now)).toBe('Due 20 March');
    expect(dueLine({ status: 'due_soon', dueOn: '2026-03-03', expiresOn: null }, now)).toBe('Due 3 March');
    expect(dueLine({ status: 'overdue', dueOn: '2026-02-20', expiresOn: null }, now)).toBe('Overdue: was due 20 February');
    expect(dueLine({ status: 'in_progress', dueOn: '2027-01-10', expiresOn: null }, now)).toBe('Due 10 January 2027');
    expect(dueLine({ status: 'renewal_due', dueOn: null, expiresOn: '2026-02-01' }, now)).toBe('Expired on 1 February: renewal due');
    expect(dueLine({ status: 'completed', dueOn: '2026-03-20', expiresOn: '2027-02-01' }, now)).toBe('Certificate valid until 1 February 2027');
    expect(dueLine({ status: 'completed', dueOn: '2026-03-20', expiresOn: null }, now)).toBeNull();
    expect(dueLine({ status: 'not_started', dueOn: null, expiresOn: null }, now)).toBeNull();
  });
});
