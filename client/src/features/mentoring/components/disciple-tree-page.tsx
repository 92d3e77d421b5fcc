import { CheckCircle2, Layers, Network, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { LoadingScreen } from '#client/components/layout/loading-screen.tsx';
import { MessageCard } from '#client/components/layout/message-card.tsx';
import { MentorLinksCard } from '#client/components/mentor-links/mentor-links-card.tsx';
import { useMentorLinks } from '#client/components/mentor-links/use-mentor-links.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { StatCard } from '#client/components/ui/stat-card.tsx';
import { useFirstRenderWait } from '#client/lib/first-render.ts';
import { totalImpact, treeDepth } from '#common/domain/tree.ts';

import { useDiscipleTree } from '../api/get-disciple-tree.ts';
import { useMentorWeek } from '../api/get-mentor-week.ts';
import { usePendingDisciples } from '../api/get-pending-disciples.ts';
import { useProgression } from '../api/get-progression.ts';
import { AddDiscipleDialog } from './add-disciple-dialog.tsx';
import { MentoringShell } from './mentoring-shell.tsx';
import { PendingList } from './pending-list.tsx';
import { AmbassadorCard, CoordinatorCard } from './progression-cards.tsx';
import { ThisWeekPanel } from './this-week-panel.tsx';
import { TreeView } from './tree-view.tsx';

/** /disciple-tree: the people the user mentors, their progress, and the way to ambassador and coordinator. */
export default function DiscipleTreePage() {
  const { t } = useTranslation(['mentoring', 'common']);
  const tree = useDiscipleTree();
  const pending = usePendingDisciples();
  const progression = useProgression();
  // This week's panel and the mentor links card wait with the tree on the first render, so the
  // tree's card grid does not move down when they arrive (issue 29: a layout shift of 0.2).
  const cards = useFirstRenderWait([useMentorWeek(), useMentorLinks()]);

  if (tree.isPending || pending.isPending || progression.isPending || cards.isWaiting) return <LoadingScreen label={t('loading')} />;
  cards.shown();
  if (tree.isError || pending.isError || progression.isError)
    return (
      <MessageCard
        title={t('common:errors.title')}
        message={t('loadError')}
        action={
          <Button
            onClick={() => {
              void tree.refetch();
              void pending.refetch();
              void progression.refetch();
            }}
          >
            {t('retry')}
          </Button>
        }
      />
    );

  const root = tree.data;
  const p = progression.data;
  const depth = treeDepth(root);
  const impact = totalImpact(root);

  return (
    <MentoringShell testId="disciple-tree-page">
      <div className="flex flex-col gap-6">
        <section className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="flex flex-col gap-1">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
            <p className="text-muted-foreground">{t('subtitle')}</p>
          </div>
          <AddDiscipleDialog />
        </section>

        <section className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={t('stats.label')}>
          <StatCard
            className="gap-1.5"
            icon={<Layers />}
            label={t('stats.depth')}
            value={t('stats.depthValue', { count: depth })}
            testId="tree-depth"
          />
          <StatCard className="gap-1.5" icon={<Network />} label={t('stats.impact')} value={String(impact)} testId="total-impact">
            <p className="text-xs text-muted-foreground">{t('stats.impactHint')}</p>
          </StatCard>
          <StatCard
            className="gap-1.5"
            icon={<Users />}
            label={t('stats.direct')}
            value={String(p.directDisciples)}
            testId="direct-disciples"
          />
          <StatCard
            className="gap-1.5"
            icon={<CheckCircle2 />}
            label={t('stats.completed')}
            value={String(p.completedDisciples)}
            testId="completed-disciples"
          />
        </section>

        <ThisWeekPanel />

        <div className="grid gap-6 lg:grid-cols-3">
          <div className="order-2 flex min-w-0 flex-col gap-6 lg:order-1 lg:col-span-2">
            <Card>
              <CardHeader>
                <CardTitle as="h2">{t('tree.title')}</CardTitle>
                <CardDescription>{t('tree.subtitle')}</CardDescription>
              </CardHeader>
              <CardContent>
                {root.disciples.length === 0 ? (
                  <div
                    className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center"
                    data-testid="tree-empty"
                  >
                    <Network className="size-10 text-muted-foreground" aria-hidden />
                    <p className="font-medium">{t('tree.empty')}</p>
                    <p className="max-w-sm text-sm text-muted-foreground">{t('tree.emptyHint')}</p>
                    <AddDiscipleDialog isFirst />
                  </div>
                ) : (
                  <TreeView root={root} />
                )}
              </CardContent>
            </Card>
            {/* A paused link (issue 25) shows nothing of the person's course here. */}
            <PendingList pending={pending.data} hasDisciples={root.disciples.some((d) => !d.isPaused)} />
          </div>
          <aside className="order-1 flex flex-col gap-6 lg:order-2">
            <MentorLinksCard />
            <CoordinatorCard progression={p} />
            <AmbassadorCard progression={p} />
          </aside>
        </div>
      </div>
    </MentoringShell>
  );
}
