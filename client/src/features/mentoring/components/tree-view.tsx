import { ChevronRight, Crosshair, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { RaiseConcernButton } from '#client/components/safeguarding/raise-concern-button.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { SearchInput } from '#client/components/ui/search-input.tsx';
import { cn } from '#client/lib/utils.ts';
import type { DiscipleNode } from '#common/contracts/mentoring.ts';
import { TRACK_DAYS } from '#common/domain/track.ts';

import { displayName, findInTree, indexTree, initials, pathTo, type IndexedNode } from '../utils/tree-index.ts';
import { RemoveDiscipleButton } from './remove-disciple-button.tsx';

/** Children shown at first under one person; more come 50 at a time. */
const PAGE = 50;
/** Indentation stops growing after this many levels (the level number shows instead), so deep trees stay readable on a phone. */
const MAX_INDENT = 4;
/** "Expand all" is offered up to this many people; a bigger tree is browsed branch by branch. */
const EXPAND_ALL_LIMIT = 500;

interface TreeState {
  expanded: Set<string>;
  shown: Map<string, number>;
  toggle(id: string): void;
  showMore(id: string): void;
  focus(id: string): void;
}

function ProgressMini({ value, label }: { value: number; label: string }) {
  return (
    <span className="flex items-center gap-1.5">
      <span
        role="progressbar"
        aria-label={label}
        aria-valuenow={value}
        aria-valuemin={0}
        aria-valuemax={100}
        className="h-1.5 w-14 overflow-hidden rounded-full bg-secondary"
      >
        <span className="block h-full bg-primary" style={{ width: `${value}%` }} />
      </span>
      <span className="tabular-nums">{value}%</span>
    </span>
  );
}

function PersonSummary({ entry, level }: { entry: IndexedNode; level?: number }) {
  const { t } = useTranslation(['mentoring', 'safeguarding']);
  const { node } = entry;
  const name = displayName(node);
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2.5">
      {/* Decorative; left out on phones so names keep the width. */}
      <span
        aria-hidden
        className="hidden size-8 shrink-0 items-center justify-center rounded-full bg-secondary text-xs font-bold text-secondary-foreground sm:flex"
      >
        {initials(node)}
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-0.5">
          <span className="min-w-0 break-words font-medium">{name}</span>
          {node.progress >= 100 && <Badge variant="success">{t('tree.completed')}</Badge>}
          {level !== undefined && level > MAX_INDENT && (
            <Badge variant="outline" className="font-normal">
              {t('tree.level', { level: entry.depth })}
            </Badge>
          )}
        </p>
        {/* A paused link (issue 25): "paused" and nothing more, never why. */}
        {node.isPaused && (
          <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground" data-testid="tree-node-paused">
            <Badge variant="outline">{t('safeguarding:paused.badge')}</Badge>
            <span>{t('safeguarding:paused.mentorHint')}</span>
          </p>
        )}
        {!node.isPaused && name !== node.email && <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{node.email}</p>}
        {!node.isPaused && (
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <ProgressMini value={node.progress} label={t('tree.progressOf', { name })} />
            {/* Days of the 7-day new-believer track (docs/decisions/074), once begun. */}
            {!!node.trackDays && <span data-testid="tree-track-days">{t('tree.track', { count: node.trackDays, total: TRACK_DAYS })}</span>}
            {node.disciples.length > 0 && <span>{t('tree.disciplesCount', { count: node.disciples.length })}</span>}
            {entry.descendants > node.disciples.length && <span>{t('tree.inTheirTree', { count: entry.descendants })}</span>}
          </p>
        )}
      </div>
    </div>
  );
}

function TreeItem({
  entry,
  level,
  index,
  state,
}: {
  entry: IndexedNode;
  level: number;
  index: Map<string, IndexedNode>;
  state: TreeState;
}) {
  const { t } = useTranslation('mentoring');
  const { node } = entry;
  const hasChildren = node.disciples.length > 0;
  const open = state.expanded.has(node.id);
  const name = displayName(node);
  return (
    <li data-testid="tree-node" data-node-id={node.id}>
      <div
        className="flex items-start gap-1.5 rounded-xl border bg-card p-2 sm:gap-2 sm:p-2.5"
        style={{ marginLeft: `calc(${Math.min(level - 1, MAX_INDENT)} * var(--tree-indent))` }}
      >
        <PersonSummary entry={entry} level={level} />
        <RaiseConcernButton about={{ id: node.id, name }} variant="ghost" size="icon" className="size-8 shrink-0" />
        {entry.depth === 1 && <RemoveDiscipleButton id={node.id} name={name} />}
        {hasChildren && level > 1 && (
          <Button
            variant="ghost"
            size="icon"
            className="size-8 shrink-0"
            aria-label={t('tree.focus', { name })}
            title={t('tree.focus', { name })}
            onClick={() => state.focus(node.id)}
          >
            <Crosshair aria-hidden />
          </Button>
        )}
        {/* At the end of the row, so a person without disciples needs no empty space where it would be. */}
        {hasChildren && (
          <Button
            variant="ghost"
            size="icon"
            className="size-8 shrink-0"
            aria-label={open ? t('tree.collapse', { name }) : t('tree.expand', { name })}
            aria-expanded={open}
            onClick={() => state.toggle(node.id)}
          >
            <ChevronRight className={cn('transition-transform', open && 'rotate-90')} aria-hidden />
          </Button>
        )}
      </div>
      {hasChildren && open && <TreeChildren parent={node} level={level + 1} index={index} state={state} />}
    </li>
  );
}

function TreeChildren({
  parent,
  level,
  index,
  state,
}: {
  parent: DiscipleNode;
  level: number;
  index: Map<string, IndexedNode>;
  state: TreeState;
}) {
  const { t } = useTranslation('mentoring');
  const shown = state.shown.get(parent.id) ?? PAGE;
  const visible = parent.disciples.slice(0, shown);
  const rest = parent.disciples.length - visible.length;
  return (
    <ul className="mt-1.5 flex flex-col gap-1.5">
      {visible.map((d) => (
        <TreeItem key={d.id} entry={index.get(d.id)!} level={level} index={index} state={state} />
      ))}
      {rest > 0 && (
        <li style={{ marginLeft: `calc(${Math.min(level - 1, MAX_INDENT)} * var(--tree-indent))` }}>
          <Button variant="outline" size="sm" onClick={() => state.showMore(parent.id)}>
            {t('tree.showMore', { count: Math.min(PAGE, rest), remaining: rest })}
          </Button>
        </li>
      )}
    </ul>
  );
}

/**
 * The mentoring tree as an indented, collapsible list: readable on a phone (indentation stops
 * after a few levels), usable when wide (50 people at a time under anyone) and deep (open any
 * branch as its own tree, with a path back), and searchable when large.
 */
export function TreeView({ root }: { root: DiscipleNode }) {
  const { t } = useTranslation('mentoring');
  const index = useMemo(() => indexTree(root), [root]);
  const [focusId, setFocusId] = useState(root.id);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const [shown, setShown] = useState<Map<string, number>>(() => new Map());
  const [query, setQuery] = useState('');
  // A person who left the tree since it was focused: fall back to the whole tree.
  const focused = index.get(focusId) ?? index.get(root.id)!;
  const path = pathTo(index, focused.node.id);
  const total = index.size - 1;
  const results = useMemo(() => findInTree(index, query, 20), [index, query]);

  const state: TreeState = {
    expanded,
    shown,
    toggle: (id) =>
      setExpanded((prev) => {
        const next = new Set(prev);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    showMore: (id) => setShown((prev) => new Map(prev).set(id, (prev.get(id) ?? PAGE) + PAGE)),
    focus: (id) => {
      setFocusId(id);
      setQuery('');
      window.scrollTo({ top: 0 });
    },
  };
  const expandAll = () => setExpanded(new Set([...index.values()].filter((e) => e.node.disciples.length > 0).map((e) => e.node.id)));

  return (
    <div className="flex flex-col gap-3 [--tree-indent:0.75rem] sm:[--tree-indent:1.5rem]" data-testid="disciple-tree">
      {total > 8 && <SearchInput value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t('tree.searchPlaceholder')} />}
      {query.trim() ? (
        <div className="flex flex-col gap-1.5" aria-live="polite">
          {results.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('tree.noMatch')}</p>
          ) : (
            results.map((e) => (
              <button
                key={e.node.id}
                type="button"
                onClick={() => state.focus(e.node.id)}
                className="flex flex-col items-start gap-0.5 rounded-xl border bg-card p-2.5 text-left hover:bg-secondary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className="font-medium">{displayName(e.node)}</span>
                <span className="text-xs text-muted-foreground">
                  {t('tree.levelOf', { level: e.depth })}
                  {e.depth > 1 &&
                    ` · ${t('tree.via', {
                      names: pathTo(index, e.node.id)
                        .slice(1, -1)
                        .map((id) => displayName(index.get(id)!.node))
                        .join(' › '),
                    })}`}
                </span>
              </button>
            ))
          )}
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <nav aria-label={t('tree.pathLabel')} className="flex min-w-0 flex-wrap items-center gap-1 text-sm">
              {path.map((id, i) => {
                const e = index.get(id)!;
                const label = i === 0 ? t('tree.you') : displayName(e.node);
                return (
                  <span key={id} className="flex items-center gap-1">
                    {i > 0 && <ChevronRight className="size-3.5 text-muted-foreground" aria-hidden />}
                    {i === path.length - 1 ? (
                      <span className="font-semibold" aria-current="location">
                        {label}
                      </span>
                    ) : (
                      // At least 24 px tall and wide (WCAG 2.5.8), however short the name.
                      <button
                        type="button"
                        className="inline-flex min-h-6 min-w-6 items-center justify-center rounded px-1 text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                        onClick={() => state.focus(id)}
                      >
                        {label}
                      </button>
                    )}
                  </span>
                );
              })}
            </nav>
            <div className="flex gap-1">
              {total <= EXPAND_ALL_LIMIT && total > root.disciples.length && (
                <Button variant="ghost" size="sm" onClick={expandAll}>
                  {t('tree.expandAll')}
                </Button>
              )}
              {expanded.size > 0 && (
                <Button variant="ghost" size="sm" onClick={() => setExpanded(new Set())}>
                  {t('tree.collapseAll')}
                </Button>
              )}
            </div>
          </div>
          {focused.node.id !== root.id && (
            <div className="flex items-start gap-2 rounded-xl border-2 border-primary/40 bg-secondary/40 p-2.5">
              <PersonSummary entry={focused} />
              <Button
                variant="ghost"
                size="icon"
                className="size-8 shrink-0"
                aria-label={t('tree.backToWhole')}
                title={t('tree.backToWhole')}
                onClick={() => state.focus(root.id)}
              >
                <X aria-hidden />
              </Button>
            </div>
          )}
          <ul aria-label={t('tree.label')} className="flex flex-col gap-1.5">
            {focused.node.disciples.slice(0, shown.get(focused.node.id) ?? PAGE).map((d) => (
              <TreeItem key={d.id} entry={index.get(d.id)!} level={1} index={index} state={state} />
            ))}
          </ul>
          {focused.node.disciples.length > (shown.get(focused.node.id) ?? PAGE) && (
            <Button variant="outline" size="sm" className="self-start" onClick={() => state.showMore(focused.node.id)}>
              {t('tree.showMore', {
                count: Math.min(PAGE, focused.node.disciples.length - (shown.get(focused.node.id) ?? PAGE)),
                remaining: focused.node.disciples.length - (shown.get(focused.node.id) ?? PAGE),
              })}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
