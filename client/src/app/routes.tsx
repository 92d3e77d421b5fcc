import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';

import { ErrorBoundary } from '../components/layout/error-boundary.tsx';
import { LiveRoot } from '../components/layout/live-root.tsx';
import { LoadingScreen } from '../components/layout/loading-screen.tsx';
import { ParentPendingBanner } from '../components/layout/parent-pending-banner.tsx';
import { useCurrentUser } from '../lib/current-user.ts';
import { loadLanding, loadPrivacy, SoulHealthCheckScreen } from './public-screens.ts';
import { AssessmentScreen, DashboardScreen, DiscipleTreeScreen, LessonScreen, SettingsScreen } from './signed-in-screens.ts';

// Every screen is its own chunk.
const Landing = lazy(loadLanding);
const SignIn = lazy(() => import('../features/auth/components/sign-in-page.tsx'));
const Setup = lazy(() => import('../features/auth/components/setup-page.tsx'));
const ForgotPassword = lazy(() => import('../features/auth/components/forgot-password-page.tsx'));
const ResetPassword = lazy(() => import('../features/auth/components/reset-password-page.tsx'));
const VerifyEmail = lazy(() => import('../features/auth/components/verify-email-page.tsx'));
const ConfirmSignUp = lazy(() => import('../features/auth/components/confirm-sign-up-page.tsx'));
const ParentConsent = lazy(() => import('../features/privacy/components/parent-consent-page.tsx'));
const Privacy = lazy(loadPrivacy);
const Unsubscribe = lazy(() => import('../features/notifications/components/unsubscribe-page.tsx'));
const LocalMailbox = lazy(() => import('../features/notifications/components/local-mailbox-page.tsx'));
const Verify = lazy(() => import('../features/course/components/verify-page.tsx'));
const Consent = lazy(() => import('../features/auth/components/consent-page.tsx'));
const Onboarding = lazy(() => import('../features/onboarding/components/onboarding-page.tsx'));
const Certificate = lazy(() => import('../features/course/components/certificate-page.tsx'));
const Track = lazy(() => import('../features/course/components/track-page.tsx'));
const TrackDay = lazy(() => import('../features/course/components/track-day-page.tsx'));
const TrackDone = lazy(() => import('../features/course/components/track-done-page.tsx'));
const EvangelismTools = lazy(() => import('../features/evangelism/components/evangelism-tools-page.tsx'));
const Pray = lazy(() => import('../features/prayer/components/pray-page.tsx'));
const Admin = lazy(() => import('../features/admin/components/admin-page.tsx'));
// Only for an account waiting for a parent: its form (and zod) stays out of everyone else's download.
const ParentRequest = lazy(() => import('../features/privacy/components/parent-request.tsx'));
const NotFound = lazy(() => import('../components/layout/not-found.tsx'));
// Safeguarding (issue 25): the public concern page, a concern's status and a parent's page of their child's mentors.
const ReportConcern = lazy(() => import('../features/safeguarding/components/report-concern-page.tsx'));
const ConcernStatus = lazy(() => import('../features/safeguarding/components/concern-status-page.tsx'));
const ParentMentors = lazy(() => import('../features/safeguarding/components/parent-mentors-page.tsx'));

/** Paths anyone may open, signed in or not: one list for the switch and for the test below. */
const PUBLIC_ROUTES = [
  ['/soul-health-check', SoulHealthCheckScreen],
  ['/privacy', Privacy],
  ['/parent-consent/:token', ParentConsent],
  ['/verify/:code', Verify],
  ['/reset-password/:token', ResetPassword],
  ['/verify-email/:token', VerifyEmail],
  ['/confirm-sign-up/:token', ConfirmSignUp],
  ['/unsubscribe/:token', Unsubscribe],
  ['/local-mailbox', LocalMailbox],
  ['/report-concern', ReportConcern],
  ['/concern-status/:token', ConcernStatus],
  ['/parent-mentors/:token', ParentMentors],
] as const;

function PublicRoutes() {
  return (
    <Switch>
      {PUBLIC_ROUTES.map(([path, screen]) => (
        <Route key={path} path={path} component={screen} />
      ))}
    </Switch>
  );
}
/** Whether `location` is one of PUBLIC_ROUTES (a `:param` matches anything after its prefix). */
const isPublicPath = (location: string) =>
  PUBLIC_ROUTES.some(([path]) => (path.includes('/:') ? location.startsWith(path.slice(0, path.indexOf(':'))) : location === path));

/**
 * The route switch of the spec (section 2): public paths, loading, landing, onboarding, then the app.
 * Public paths are decided before asking who the user is, so they make no request at all.
 * Every screen renders inside one boundary, tried again at each new path: a screen that throws, or
 * whose code is gone after a deploy, gets the reload or the friendly screen (docs/decisions/069).
 */
export function AppRoutes() {
  const [location] = useLocation();
  return (
    <ErrorBoundary resetKey={location}>
      <Suspense fallback={<LoadingScreen />}>
        <LiveRoot />
        {isPublicPath(location) ? <PublicRoutes /> : <GatedRoutes />}
      </Suspense>
    </ErrorBoundary>
  );
}

function GatedRoutes() {
  const { data: user, isLoading } = useCurrentUser();
  if (isLoading) return <LoadingScreen />;

  if (!user) {
    return (
      <Switch>
        <Route path="/login" component={SignIn} />
        <Route path="/setup/:token" component={Setup} />
        <Route path="/forgot-password" component={ForgotPassword} />
        {/* The 7-day track's link (the landing page, a witness's share): sign up first, then back to it. */}
        <Route path="/track" nest>
          <Redirect to={`~/login?tab=sign-up&returnTo=${encodeURIComponent('/track')}`} replace />
        </Route>
        <Route component={Landing} />
      </Switch>
    );
  }
  // Agreeing to the privacy notice comes before anything else (issue 11).
  if (user.consentNeeded) return <Consent user={user} />;
  // Until a parent agrees no profile is stored: the lessons open without the onboarding form.
  const isWaitingForParent = user.consentStatus === 'pending_parent';
  if (!user.onboardingComplete && !isWaitingForParent) return <Onboarding />;

  return (
    <>
      {isWaitingForParent && (
        <ParentPendingBanner>
          <Suspense fallback={null}>
            <ParentRequest ownEmail={user.email} />
          </Suspense>
        </ParentPendingBanner>
      )}
      <Switch>
        <Route path="/" component={DashboardScreen} />
        <Route path="/dashboard" component={DashboardScreen} />
        <Route path="/lesson/:id" component={LessonScreen} />
        <Route path="/assessment/:id" component={AssessmentScreen} />
        <Route path="/disciple-tree" component={DiscipleTreeScreen} />
        <Route path="/certificate" component={Certificate} />
        <Route path="/track" component={Track} />
        <Route path="/track/day/:day" component={TrackDay} />
        <Route path="/track/done" component={TrackDone} />
        <Route path="/evangelism-tools" component={EvangelismTools} />
        <Route path="/pray" component={Pray} />
        {/* Reached from the dashboard's reminder after "Skip for now"; a completed profile is not asked again. */}
        <Route path="/onboarding">{user.onboardingStatus === 'skipped' ? <Onboarding /> : <Redirect to="/dashboard" replace />}</Route>
        <Route path="/settings" component={SettingsScreen} />
        <Route path="/admin" component={Admin} />
        <Route>
          <NotFound isSignedIn />
        </Route>
      </Switch>
    </>
  );
}
