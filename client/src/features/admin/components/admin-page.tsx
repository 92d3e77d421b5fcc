import { Award, Crown, Footprints, GraduationCap, Users } from 'lucide-react';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';

import { LoadingScreen } from '#client/components/layout/loading-screen.tsx';
import { PageHeader } from '#client/components/layout/page-header.tsx';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { ApiRequestError } from '#client/lib/api.ts';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { isAccessError } from '#client/lib/errors.ts';
import { isAdminRole, opensCallbackInbox } from '#common/contracts/auth.ts';

import { useCallbacks } from '../api/get-callbacks.ts';
import { useDirectory } from '../api/get-directory.ts';
import { useStats } from '../api/get-stats.ts';
import { useConcerns } from '../api/safeguarding.ts';
import { AmbassadorApplications } from './ambassador-applications.tsx';
import { AuditLog } from './audit-log.tsx';
import { CallbackInbox } from './callback-inbox.tsx';
import { ControllerWarning } from './controller-warning.tsx';
import { MailOutbox } from './mail-outbox.tsx';
import { SafeguardingPanel } from './safeguarding-panel.tsx';
import { UserDirectory } from './user-directory.tsx';
import { WatchmomsList } from './watchmoms-list.tsx';

// The charts and their library load only when the Insights tab is opened (decision 076).
const LazyInsights = lazy(() => import('./insights/insights-panel.tsx'));
const LazyCareInsights = lazy(() => import('./insights/insights-panel.tsx').then((m) => ({ default: m.CareInsights })));
const InsightsTab = () => (
  <Suspense fallback={<Spinner className="mx-auto my-8" />}>
    <LazyInsights />
  </Suspense>
);

function StatCard({
  icon,
  title,
  value,
  description,
  testId,
}: {
  icon: ReactNode;
  title: string;
  value: number | undefined;
  description: string;
  testId: string;
}) {
  const { i18n } = useTranslation();
  return (
    <Card className="flex flex-col gap-1 p-4 sm:p-5" data-testid={testId}>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{title}</p>
        <span className="text-primary [&_svg]:size-5" aria-hidden>
          {icon}
        </span>
      </div>
      <p className="text-2xl font-bold tracking-tight sm:text-3xl" data-testid={`${testId}-value`}>
        {value === undefined ? '…' : new Intl.NumberFormat(i18n.resolvedLanguage).format(value)}
      </p>
      <p className="text-xs text-muted-foreground">{description}</p>
    </Card>
  );
}

/** The console's tabs, in order; each panel loads its own data when first shown. */
const panels = [
  { value: 'users', Panel: UserDirectory },
  { value: 'callbacks', Panel: CallbackInbox },
  { value: 'watchmoms', Panel: WatchmomsList },
  { value: 'applications', Panel: AmbassadorApplications },
  { value: 'audit', Panel: AuditLog },
  { value: 'outbox', Panel: MailOutbox },
  { value: 'insights', Panel: InsightsTab },
  { value: 'safeguarding', Panel: SafeguardingPanel },
] as const;

/** An admin or founder whose session has not passed two-step verification (decision 038). */
const isMfaMissing = (err: unknown) => err instanceof ApiRequestError && err.body.code === 'MFA_REQUIRED';

/** The console stays closed until two-step verification is set up (or this sign-in used it). */
function MfaRequired({
  text = 'mfaRequired.text',
}: {
  text?: 'mfaRequired.text' | 'mfaRequired.responderText' | 'mfaRequired.safeguardingText';
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="min-h-dvh bg-background" data-testid="admin-mfa-required">
      <PageHeader variant="bar" width="max-w-3xl" back={{ href: '/dashboard', label: t('back') }} />
      <main className="mx-auto max-w-3xl px-4 pb-16 pt-6 sm:pt-8">
        <Card>
          <CardHeader>
            <CardTitle as="h1">{t('mfaRequired.title')}</CardTitle>
            <CardDescription>{t(text)}</CardDescription>
          </CardHeader>
          <CardContent>
            <Link href="/settings#security" className={buttonVariants()}>
              {t('mfaRequired.action')}
            </Link>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}

/** Spec section 6: anyone else gets the "Access Denied" toast and goes back to /. */
function useDenyNonAdmins(denied: boolean) {
  const { t } = useTranslation('admin');
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!denied) return;
    toast({ title: t('accessDenied.title'), description: t('accessDenied.text'), variant: 'destructive' });
    navigate('/', { replace: true });
  }, [denied, navigate, t]);
}

/** The console's page: header with the way back, title and subtitle, then its content. */
function ConsoleShell({
  testId,
  width,
  title,
  subtitle,
  children,
}: {
  testId: string;
  width: 'max-w-4xl' | 'max-w-7xl';
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="min-h-dvh bg-background" data-testid={testId}>
      <PageHeader variant="bar" width={width} back={{ href: '/dashboard', label: t('back') }} />
      <main className={`mx-auto flex ${width} flex-col gap-6 px-4 pb-16 pt-6 sm:pt-8`}>
        <section className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          <p className="text-muted-foreground">{subtitle}</p>
        </section>
        {children}
      </main>
    </div>
  );
}

/**
 * What a responder who is not an admin sees at /admin (decision 015): the callback requests inbox
 * the staff alerts link to, where they change a request's status; nothing else of the console.
 */
function ResponderInbox() {
  const { t } = useTranslation('admin');
  // The inbox's first page (same query as the panel): tells whether two-step verification is missing.
  const first = useCallbacks('open', 1);
  useDenyNonAdmins(!isMfaMissing(first.error) && isAccessError(first.error));
  if (isMfaMissing(first.error)) return <MfaRequired text="mfaRequired.responderText" />;
  return (
    <ConsoleShell testId="responder-inbox-page" width="max-w-4xl" title={t('responder.title')} subtitle={t('responder.subtitle')}>
      <CallbackInbox canManage={false} />
      <Suspense fallback={<Spinner className="mx-auto my-8" />}>
        <LazyCareInsights />
      </Suspense>
    </ConsoleShell>
  );
}

/**
 * What the safeguarding lead who is not an admin sees at /admin (issue 25): the Safeguarding tab the
 * concern mails link to, nothing else of the console (two-step verification first, as for staff).
 */
function SafeguardingConsole() {
  const { t } = useTranslation('admin');
  const first = useConcerns();
  useDenyNonAdmins(!isMfaMissing(first.error) && isAccessError(first.error));
  if (isMfaMissing(first.error)) return <MfaRequired text="mfaRequired.safeguardingText" />;
  return (
    <ConsoleShell
      testId="safeguarding-console"
      width="max-w-4xl"
      title={t('safeguarding.consoleTitle')}
      subtitle={t('safeguarding.consoleSubtitle')}
    >
      <SafeguardingPanel />
    </ConsoleShell>
  );
}

/** /admin: the directory, stats, inbox, applications and audit log; admins and founders (responders get the inbox only). */
export default function AdminPage() {
  const viewer = useCurrentUser();
  if (viewer.data && !isAdminRole(viewer.data.role) && viewer.data.isSafeguardingLead) return <SafeguardingConsole />;
  if (viewer.data && !isAdminRole(viewer.data.role) && opensCallbackInbox(viewer.data)) return <ResponderInbox />;
  return <AdminConsole />;
}

function AdminConsole() {
  const { t } = useTranslation(['admin', 'common']);
  const viewer = useCurrentUser();
  // A mail's link opens a tab directly: /admin?tab=callbacks&request=<id>.
  const askedTab = new URLSearchParams(useSearch()).get('tab');
  const initialTab = panels.find((p) => p.value === askedTab)?.value ?? 'users';
  const isAdmin = !!viewer.data && isAdminRole(viewer.data.role);
  const stats = useStats(isAdmin);
  // The first page is fetched here too (same query as the directory), so the screen appears whole.
  const firstPage = useDirectory({ search: '', filter: 'all', page: 1, pageSize: 25 }, isAdmin);
  const isMfaNeeded = isMfaMissing(firstPage.error) || isMfaMissing(stats.error);
  useDenyNonAdmins((!viewer.isPending && !isAdmin) || (!isMfaNeeded && (isAccessError(firstPage.error) || isAccessError(stats.error))));

  if (!isAdmin) return viewer.isPending ? <LoadingScreen label={t('loading')} /> : null;
  if (isMfaNeeded) return <MfaRequired />;
  if (stats.isPending || firstPage.isPending) return <LoadingScreen label={t('loading')} />;

  return (
    <ConsoleShell testId="admin-page" width="max-w-7xl" title={t('title')} subtitle={t('subtitle')}>
      <ControllerWarning />
      <section className="grid grid-cols-2 gap-3 lg:grid-cols-5" aria-label={t('stats.label')}>
        <StatCard
          icon={<Users />}
          title={t('stats.totalUsers')}
          value={stats.data?.totalUsers}
          description={t('stats.totalUsersHint')}
          testId="stat-total"
        />
        <StatCard
          icon={<GraduationCap />}
          title={t('stats.completed')}
          value={stats.data?.courseCompleted}
          description={t('stats.completedHint')}
          testId="stat-completed"
        />
        <StatCard
          icon={<Footprints />}
          title={t('stats.track')}
          value={stats.data?.trackCompleted}
          description={t('stats.trackHint', { count: stats.data?.trackStarted ?? 0 })}
          testId="stat-track"
        />
        <StatCard
          icon={<Award />}
          title={t('stats.ambassador')}
          value={stats.data?.ambassadorEligible}
          description={t('stats.ambassadorHint')}
          testId="stat-ambassador"
        />
        <StatCard
          icon={<Crown />}
          title={t('stats.coordinator')}
          value={stats.data?.coordinatorEligible}
          description={t('stats.coordinatorHint')}
          testId="stat-coordinator"
        />
      </section>
      <Tabs defaultValue={initialTab}>
        {/* Every tab in view at any width: two or three columns on phones and tablets, one row on wide screens (a sideways-scrolling row hid some). */}
        <TabsList className="grid grid-cols-2 sm:grid-cols-3 lg:flex lg:flex-nowrap">
          {panels.map(({ value }) => (
            <TabsTrigger key={value} value={value} className="min-w-0 break-words leading-snug">
              {t(`tabs.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {panels.map(({ value, Panel }) => (
          <TabsContent key={value} value={value}>
            <Panel />
          </TabsContent>
        ))}
      </Tabs>
    </ConsoleShell>
  );
}
