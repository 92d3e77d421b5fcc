import { describe, expect, it } from 'vitest';

import { roles } from '../contracts/auth.ts';
import {
  accountActionRefusal,
  ambassadorApplyBlocker,
  ambassadorRemaining,
  coordinatorRemaining,
  grantableRoles,
  isAmbassadorEligible,
  isCoordinatorEligible,
  isCourseCompleted,
  roleAfterApproval,
  roleChangeRefusal,
} from './eligibility.ts';
import type { Role } from './roles.ts';

describe('coordinator eligibility (3 or more direct disciples)', () => {
  it('is false at 2 and true at 3', () => {
    expect(isCoordinatorEligible(0)).toBe(false);
    expect(isCoordinatorEligible(2)).toBe(false);
    expect(isCoordinatorEligible(3)).toBe(true);
    expect(isCoordinatorEligible(4)).toBe(true);
  });

  it('shows how many remain: 3 minus the count, never negative', () => {
    expect([0, 1, 2, 3, 4, 10].map(coordinatorRemaining)).toEqual([3, 2, 1, 0, 0, 0]);
  });
});

describe('ambassador eligibility (3 or more disciples who completed the course)', () => {
  it('is false at 2 and true at 3', () => {
    expect(isAmbassadorEligible(2)).toBe(false);
    expect(isAmbassadorEligible(3)).toBe(true);
    expect([0, 2, 3, 5].map(ambassadorRemaining)).toEqual([3, 1, 0, 0]);
  });

  it('lets an eligible user apply once, and nobody already ambassador or above', () => {
    expect(ambassadorApplyBlocker('user', 2, null)).toBe('not-eligible');
    expect(ambassadorApplyBlocker('user', 3, null)).toBeNull();
    expect(ambassadorApplyBlocker('user', 3, 'pending')).toBe('pending');
    expect(ambassadorApplyBlocker('user', 3, 'declined')).toBeNull();
    for (const role of ['ambassador', 'coordinator', 'admin', 'founder'] as const)
      expect(ambassadorApplyBlocker(role, 9, null)).toBe('already-ambassador');
  });

  it('approval makes a user an ambassador and never lowers a higher role', () => {
    expect(roleAfterApproval('user')).toBe('ambassador');
    expect(roleAfterApproval('coordinator')).toBe('coordinator');
    expect(roleAfterApproval('founder')).toBe('founder');
  });
});

describe('course completion', () => {
  it('needs every lesson passed, and a course with lessons', () => {
    expect(isCourseCompleted(7, 8)).toBe(false);
    expect(isCourseCompleted(8, 8)).toBe(true);
    expect(isCourseCompleted(0, 0)).toBe(false);
  });
});

describe('role management', () => {
  it('lets admins move people between user, ambassador and coordinator only', () => {
    expect(roleChangeRefusal('admin', 'user', 'ambassador', 1)).toBeNull();
    expect(roleChangeRefusal('admin', 'ambassador', 'coordinator', 1)).toBeNull();
    expect(roleChangeRefusal('admin', 'coordinator', 'user', 1)).toBeNull();
    expect(roleChangeRefusal('admin', 'user', 'admin', 1)).toBe('founder-only');
    expect(roleChangeRefusal('admin', 'user', 'founder', 1)).toBe('founder-only');
    expect(roleChangeRefusal('admin', 'admin', 'user', 1)).toBe('founder-only');
    expect(roleChangeRefusal('admin', 'founder', 'user', 2)).toBe('founder-only');
  });

  it('lets a founder grant and remove admin and founder, but never remove the last founder', () => {
    expect(roleChangeRefusal('founder', 'user', 'admin', 1)).toBeNull();
    expect(roleChangeRefusal('founder', 'admin', 'founder', 1)).toBeNull();
    expect(roleChangeRefusal('founder', 'admin', 'user', 1)).toBeNull();
    expect(roleChangeRefusal('founder', 'founder', 'admin', 1)).toBe('last-founder');
    expect(roleChangeRefusal('founder', 'founder', 'admin', 2)).toBeNull();
  });

  it('refuses everyone else', () => {
    for (const actor of ['user', 'ambassador', 'coordinator'] as const)
      expect(roleChangeRefusal(actor, 'user', 'ambassador', 1)).toBe('not-admin');
  });

  it('offers each actor the roles they may set', () => {
    expect(grantableRoles('admin', 'user', 1, roles)).toEqual(['user', 'ambassador', 'coordinator']);
    expect(grantableRoles('admin', 'admin', 1, roles)).toEqual(['admin']);
    expect(grantableRoles('founder', 'user', 1, roles)).toEqual([...roles]);
    expect(grantableRoles('founder', 'founder', 1, roles)).toEqual(['founder']);
  });
});

describe('accountActionRefusal (deactivate, reactivate, delete from the console)', () => {
  const admin = { id: 'a', role: 'admin' as const };
  const founder = { id: 'f', role: 'founder' as const };
  const person = (role: Role, isDeactivated = false) => ({ id: 't', role, isDeactivated });

  it('never on oneself, never by a non-admin', () => {
    expect(accountActionRefusal(admin, { ...admin, isDeactivated: false }, 'deactivate', 2)).toBe('own-account');
    expect(accountActionRefusal(founder, { ...founder, isDeactivated: false }, 'delete', 2)).toBe('own-account');
    expect(accountActionRefusal({ id: 'c', role: 'coordinator' }, person('user'), 'delete', 2)).toBe('not-admin');
  });

  it('admins act on people below admin; founders on anyone else', () => {
    expect(accountActionRefusal(admin, person('coordinator'), 'delete', 1)).toBeNull();
    expect(accountActionRefusal(admin, person('admin'), 'deactivate', 1)).toBe('founder-only');
    expect(accountActionRefusal(admin, person('founder'), 'reactivate', 1)).toBe('founder-only');
    expect(accountActionRefusal(founder, person('admin'), 'delete', 1)).toBeNull();
    expect(accountActionRefusal(founder, person('founder'), 'deactivate', 2)).toBeNull();
  });

  it('the last active founder is never deactivated or deleted; a deactivated founder does not count', () => {
    expect(accountActionRefusal(founder, person('founder'), 'deactivate', 1)).toBe('last-founder');
    expect(accountActionRefusal(founder, person('founder'), 'delete', 1)).toBe('last-founder');
    expect(accountActionRefusal(founder, person('founder', true), 'delete', 1)).toBeNull();
    expect(accountActionRefusal(founder, person('founder', true), 'reactivate', 1)).toBeNull();
  });
});
