import {
  ACTION_ROWS,
  ROLE_PERMISSIONS,
  STAFF_ACTIONS,
  STAFF_ROLES,
  type ScopedRows,
} from '@eisteddfod/shared';
import { describe, expect, it } from 'vitest';
import { OWN_ROWS, scopeFor } from './scope.ts';

const member = (role: (typeof STAFF_ROLES)[number]) => ({
  customerId: 7,
  staff: { role, firstName: 'A', surname: 'B' },
});

describe('scopeOf', () => {
  it('has a rule for every own grant over a kind of row, so that no role ships half-declared', () => {
    const missing: string[] = [];
    for (const role of STAFF_ROLES) {
      for (const action of STAFF_ACTIONS) {
        const rows = ACTION_ROWS[action];
        if (rows && ROLE_PERMISSIONS[role][action] === 'own' && !OWN_ROWS[rows][role]) {
          missing.push(`${role} ${action} (${rows})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('gives an adjudicator the entries assigned to them, and an organiser any', () => {
    expect(scopeFor(member('adjudicator'), 'mark:entries', 'entries')).toEqual({
      kind: 'assigned',
      adjudicatorId: 7,
    });
    expect(scopeFor(member('organiser'), 'read:entries', 'entries')).toEqual({ kind: 'any' });
    expect(scopeFor(member('organiser'), 'manage:families', 'families')).toEqual({ kind: 'any' });
  });

  it('refuses a route that asks for rows its action does not read, or a role without the action', () => {
    expect(() => scopeFor(member('organiser'), 'manage:events', 'entries')).toThrow(
      /does not read entries/,
    );
    expect(() => scopeFor(member('organiser'), 'mark:entries', 'entries')).toThrow(
      /an? organiser may not mark:entries/,
    );
  });

  it('names a kind of row for every scoped action', () => {
    const kinds = new Set<ScopedRows>(Object.values(ACTION_ROWS));
    expect([...kinds].sort()).toEqual(['entries', 'families', 'payments']);
  });
});
