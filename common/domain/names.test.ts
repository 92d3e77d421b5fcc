import { describe, expect, it } from 'vitest';

import { displayNameOf, fullNameOf } from './names.ts';

describe('names', () => {
  it('joins the parts a person gave, trimmed, and leaves out the missing or blank ones', () => {
    expect(fullNameOf({ firstName: ' Ruth ', lastName: 'Moab' })).toBe('Ruth Moab');
    expect(fullNameOf({ firstName: 'Ruth', lastName: null })).toBe('Ruth');
    expect(fullNameOf({ firstName: '  ', lastName: 'Moab' })).toBe('Moab');
    expect(fullNameOf({ firstName: null, lastName: null })).toBe('');
  });

  it('names someone without a name by their address', () => {
    expect(displayNameOf({ firstName: null, lastName: ' ', email: 'ruth@example.org' })).toBe('ruth@example.org');
    expect(displayNameOf({ firstName: 'Ruth', lastName: null, email: 'ruth@example.org' })).toBe('Ruth');
  });
});
