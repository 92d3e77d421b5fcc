import type { DiscipleNode } from '#common/contracts/mentoring.ts';
import { foldName } from '#common/domain/tree.ts';

export interface IndexedNode {
  node: DiscipleNode;
  parentId: string | null;
  /** 0 for the signed-in user, 1 for direct disciples, ... */
  depth: number;
  /** Everyone below this person. */
  descendants: number;
  /** Folded "first last email", for finding people in a large tree. */
  searchKey: string;
}

export const displayName = (n: Pick<DiscipleNode, 'firstName' | 'lastName' | 'email'>) =>
  [n.firstName, n.lastName].filter(Boolean).join(' ').trim() || n.email;

export const initials = (n: Pick<DiscipleNode, 'firstName' | 'lastName' | 'email'>) =>
  ((n.firstName?.[0] ?? '') + (n.lastName?.[0] ?? '')).toUpperCase() || n.email[0]!.toUpperCase();

/** One pass over the tree (iterative: a tree may be thousands deep): parents, depths and subtree sizes. */
export function indexTree(root: DiscipleNode): Map<string, IndexedNode> {
  const index = new Map<string, IndexedNode>();
  const order: IndexedNode[] = [];
  const stack: { node: DiscipleNode; parentId: string | null; depth: number }[] = [{ node: root, parentId: null, depth: 0 }];
  while (stack.length) {
    const { node, parentId, depth } = stack.pop()!;
    const entry = {
      node,
      parentId,
      depth,
      descendants: 0,
      searchKey: foldName(`${node.firstName ?? ''} ${node.lastName ?? ''} ${node.email}`),
    };
    index.set(node.id, entry);
    order.push(entry);
    for (const d of node.disciples) stack.push({ node: d, parentId: node.id, depth: depth + 1 });
  }
  // Children come after their parent in `order`, so walking it backwards sums sizes bottom-up.
  for (let i = order.length - 1; i >= 0; i--) {
    const e = order[i]!;
    if (e.parentId) index.get(e.parentId)!.descendants += e.descendants + 1;
  }
  return index;
}

/** Ids from the root down to `id`, both included. */
export function pathTo(index: Map<string, IndexedNode>, id: string): string[] {
  const path: string[] = [];
  for (let cur: string | null = id; cur; cur = index.get(cur)?.parentId ?? null) path.push(cur);
  return path.reverse();
}

/** People whose name or email contains the query (case and accents ignored), nearest levels first. */
export function findInTree(index: Map<string, IndexedNode>, query: string, limit: number): IndexedNode[] {
  const q = foldName(query);
  if (!q) return [];
  const hits: IndexedNode[] = [];
  for (const e of index.values()) if (e.depth > 0 && e.searchKey.includes(q)) hits.push(e);
  return hits.sort((a, b) => a.depth - b.depth).slice(0, limit);
}
