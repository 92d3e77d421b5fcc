/**
 * Pure mentoring-tree rules. Everything here is iterative: a tree may be 10,000 people deep
 * (a chain), which would overflow the stack of a recursive walk.
 */

export interface TreeShape {
  disciples: readonly TreeShape[];
}

/** Number of levels of disciples below the root: 0 with no disciples, 1 with direct disciples only, ... */
export function treeDepth(root: TreeShape): number {
  let depth = 0;
  let level: readonly TreeShape[] = root.disciples;
  while (level.length > 0) {
    depth++;
    const next: TreeShape[] = [];
    for (const node of level) for (const d of node.disciples) next.push(d);
    level = next;
  }
  return depth;
}

/** Everyone below the root: direct disciples, their disciples, and so on. */
export function totalImpact(root: TreeShape): number {
  let count = 0;
  const stack: TreeShape[] = [...root.disciples];
  while (stack.length > 0) {
    const node = stack.pop()!;
    count++;
    for (const d of node.disciples) stack.push(d);
  }
  return count;
}

export interface FlatRow {
  id: string;
  mentorId: string | null;
}
export type BuiltNode<N> = N & { disciples: BuiltNode<N>[] };

/**
 * Nests a flat list (as one recursive query returns it) under `rootId`; `toNode` turns a row into a
 * node without disciples. Rows that do not lead back to the root are ignored, and children keep
 * the order of the input.
 */
export function buildTree<R extends FlatRow, N extends object>(
  rows: readonly R[],
  rootId: string,
  toNode: (row: R) => N,
): BuiltNode<N> | null {
  const nodes = new Map<string, BuiltNode<N>>();
  for (const r of rows) {
    const node = toNode(r) as BuiltNode<N>;
    node.disciples = [];
    nodes.set(r.id, node);
  }
  for (const r of rows) {
    if (r.id === rootId || r.mentorId === null) continue;
    nodes.get(r.mentorId)?.disciples.push(nodes.get(r.id)!);
  }
  return nodes.get(rootId) ?? null;
}

/**
 * Linking `discipleId` under `mentorId` makes a cycle when the disciple is the mentor or one of
 * the mentor's ancestors. `mentorAncestors` lists the mentor's mentor, that person's mentor, and
 * so on up to the top.
 */
export function wouldCreateCycle(mentorId: string, mentorAncestors: readonly string[], discipleId: string): boolean {
  return discipleId === mentorId || mentorAncestors.includes(discipleId);
}

// Letters that Unicode decomposition leaves alone but people type without their accent or ligature.
const FOLDS: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', ł: 'l', đ: 'd', ı: 'i' };

/** Case-, accent- and spacing-insensitive form of a name: "  Zoë   DUPONT " → "zoe dupont". */
export function foldName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[œæßøłđı]/g, (c) => FOLDS[c] ?? c)
    .replace(/\s+/g, ' ')
    .trim();
}

export interface NamedPerson {
  id: string;
  firstName: string | null;
  lastName: string | null;
}

export type MentorMatch = { kind: 'unique'; id: string } | { kind: 'ambiguous'; count: number } | { kind: 'none' };

/**
 * The mentor named at onboarding: the one person (other than the user) whose full name equals the
 * typed name, ignoring case, accents and extra spaces. Two or more such people is ambiguous:
 * nobody is linked rather than the wrong person.
 */
export function matchMentorName(typed: string, people: readonly NamedPerson[], selfId: string): MentorMatch {
  const key = foldName(typed);
  if (!key) return { kind: 'none' };
  const matches = people.filter((p) => p.id !== selfId && foldName(`${p.firstName ?? ''} ${p.lastName ?? ''}`) === key);
  if (matches.length === 1) return { kind: 'unique', id: matches[0]!.id };
  if (matches.length > 1) return { kind: 'ambiguous', count: matches.length };
  return { kind: 'none' };
}
