import { describe, expect, it } from 'vitest';
import * as shared from '../index.ts';
import type { Endpoint } from '../api/endpoint.ts';
import {
  can,
  reachOf,
  rolesThatCan,
  ROLE_PERMISSIONS,
  STAFF_ACTIONS,
  type StaffAction,
} from './permissions.ts';
import { STAFF_ROLES } from './staff.rules.ts';

/** The staff actions the endpoints name, walked from every `*Api` definition. */
function actionsOfEndpoints(): Set<string> {
  const found = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value !== 'object' || value === null) return;
    if ('method' in value && 'access' in value) {
      const { access } = value as Endpoint;
      if (typeof access === 'object') found.add(access.staff);
      return;
    }
    Object.values(value).forEach(walk);
  };
  for (const [name, value] of Object.entries(shared)) if (name.endsWith('Api')) walk(value);
  return found;
}

describe('staff permissions', () => {
  it('grant every action to some role, and every action an endpoint names exists', () => {
    const ungranted = STAFF_ACTIONS.filter((a) => rolesThatCan(a).length === 0);
    expect(ungranted).toEqual([]);
    const named = actionsOfEndpoints();
    expect(named.size).toBeGreaterThan(15);
    expect([...named].filter((a) => !(STAFF_ACTIONS as readonly string[]).includes(a))).toEqual([]);
  });

  it('keep marking for adjudicators, over their own entries only, and the season for organisers', () => {
    expect(reachOf('adjudicator', 'mark:entries')).toBe('own');
    expect(can('organiser', 'mark:entries')).toBe(false);
    expect(can('adjudicator', 'manage:payments')).toBe(false);
    expect(rolesThatCan('manage:payments')).toEqual(['organiser']);
    expect(rolesThatCan('enter:staff-area')).toEqual(['organiser', 'adjudicator']);
  });

  it("pins an adjudicator's grants, so that an organiser's action given to them fails here", () => {
    // app.access.test.ts picks the routes an adjudicator is refused with can(): this is what
    // keeps a wrong grant from taking routes out of that test quietly.
    expect(Object.keys(ROLE_PERMISSIONS.adjudicator).sort()).toEqual([
      'declare:conflicts',
      'enter:staff-area',
      'mark:entries',
    ]);
  });

  it('grants nothing for a name the map does not hold, whatever an object inherits', () => {
    expect(reachOf('organiser', 'constructor' as StaffAction)).toBeUndefined();
    expect(can('adjudicator', 'toString' as StaffAction)).toBe(false);
  });

  it('has a map for every role', () => {
    expect(Object.keys(ROLE_PERMISSIONS).sort()).toEqual([...STAFF_ROLES].sort());
  });
});
