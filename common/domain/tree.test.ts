import { describe, expect, it } from 'vitest';

import { buildTree, foldName, matchMentorName, totalImpact, treeDepth, wouldCreateCycle, type TreeShape } from './tree.ts';

const leaf = (): TreeShape => ({ disciples: [] });
const node = (...disciples: TreeShape[]): TreeShape => ({ disciples });

describe('depth and total impact', () => {
  it('are 0 for someone without disciples', () => {
    expect(treeDepth(leaf())).toBe(0);
    expect(totalImpact(leaf())).toBe(0);
  });

  it('count levels and every descendant', () => {
    // root → a, b, c; a → a1, a2; a1 → a1x
    const tree = node(node(node(leaf()), leaf()), leaf(), leaf());
    expect(treeDepth(tree)).toBe(3);
    expect(totalImpact(tree)).toBe(6);
    expect(treeDepth(node(leaf(), leaf(), leaf()))).toBe(1);
    expect(totalImpact(node(leaf(), leaf(), leaf()))).toBe(3);
  });

  it('handle a 20,000-deep chain and a 20,000-wide level without overflowing', () => {
    let chain = leaf();
    for (let i = 0; i < 20_000; i++) chain = node(chain);
    expect(treeDepth(chain)).toBe(20_000);
    expect(totalImpact(chain)).toBe(20_000);
    const wide = node(...Array.from({ length: 20_000 }, leaf));
    expect(treeDepth(wide)).toBe(1);
    expect(totalImpact(wide)).toBe(20_000);
  });
});

describe('buildTree', () => {
  it('nests a flat list under the root and ignores rows outside it', () => {
    const rows = [
      { id: 'r', mentorId: null, name: 'root' },
      { id: 'a', mentorId: 'r', name: 'a' },
      { id: 'b', mentorId: 'r', name: 'b' },
      { id: 'a1', mentorId: 'a', name: 'a1' },
      { id: 'x', mentorId: 'elsewhere', name: 'x' },
    ];
    const tree = buildTree(rows, 'r', (r) => ({ id: r.id, name: r.name }))!;
    expect(tree.name).toBe('root');
    expect(tree.disciples.map((d) => d.id)).toEqual(['a', 'b']);
    expect(tree.disciples[0]!.disciples.map((d) => d.name)).toEqual(['a1']);
    expect(totalImpact(tree)).toBe(3);
    expect(buildTree(rows, 'missing', (r) => r)).toBeNull();
  });
});

describe('cycle refusal', () => {
  // Chain: top → m → me. Linking "top" under "me" would close a loop.
  it('refuses linking someone under themselves or under one of their own descendants', () => {
    expect(wouldCreateCycle('me', ['m', 'top'], 'me')).toBe(true);
    expect(wouldCreateCycle('me', ['m', 'top'], 'top')).toBe(true);
    expect(wouldCreateCycle('me', ['m', 'top'], 'm')).toBe(true);
  });

  it('allows anyone outside the mentor’s line', () => {
    expect(wouldCreateCycle('me', ['m', 'top'], 'newcomer')).toBe(false);
    expect(wouldCreateCycle('me', [], 'other')).toBe(false);
  });
});

describe('mentor-name matching', () => {
  const people = [
    { id: '1', firstName: 'Zoë', lastName: 'Dupont' },
    { id: '2', firstName: 'Jean', lastName: 'Martin' },
    { id: '3', firstName: 'JEAN', lastName: 'martin' },
    { id: '4', firstName: 'Chloé', lastName: 'Cœur' },
    { id: '5', firstName: null, lastName: null },
  ];

  it('links exactly one match, ignoring case, accents and spacing', () => {
    expect(matchMentorName('zoe dupont', people, 'me')).toEqual({ kind: 'unique', id: '1' });
    expect(matchMentorName('  ZOË   DUPONT ', people, 'me')).toEqual({ kind: 'unique', id: '1' });
    expect(matchMentorName('Chloe Coeur', people, 'me')).toEqual({ kind: 'unique', id: '4' });
  });

  it('links nobody when two people share the name', () => {
    expect(matchMentorName('Jean Martin', people, 'me')).toEqual({ kind: 'ambiguous', count: 2 });
  });

  it('links nobody when no one has the name, or only the user themselves', () => {
    expect(matchMentorName('Paul Durand', people, 'me')).toEqual({ kind: 'none' });
    expect(matchMentorName('Zoe', people, 'me')).toEqual({ kind: 'none' });
    expect(matchMentorName('   ', people, 'me')).toEqual({ kind: 'none' });
    expect(matchMentorName('Zoe Dupont', people, '1')).toEqual({ kind: 'none' });
  });

  it('folds names the same way whatever the input', () => {
    expect(foldName('Élodie  Ñúñez')).toBe('elodie nunez');
    expect(foldName('Søren Łukasz')).toBe('soren lukasz');
  });
});
