import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { LoadingScreen } from '../components/layout/loading-screen.tsx';
import { useCurrentUser } from '../features/auth/api/get-current-user.ts';

// Every screen is its own chunk: a visitor on the landing page downloads none of the app's screens.
const Landing = lazy(() => import('../features/landing/components/landing-page.tsx'));
const SoulHealthCheck = lazy(() => import('../features/wellness/components/soul-health-check-page.tsx'));
const SignIn = lazy(() => import('../features/auth/components/sign-in-page.tsx'));
const Setup = lazy(() => import('../features/auth/components/setup-page.tsx'));
const Verify = lazy(() => import('../features/course/components/verify-page.tsx'));
const Onboarding = lazy(() => import('../features/onboarding/components/onboarding-page.tsx'));
const Dashboard = lazy(() => import('../features/course/components/dashboard-page.tsx'));
const Lesson = lazy(() => import('../features/course/components/lesson-page.tsx'));
const Assessment = lazy(() => import('../features/course/components/assessment-page.tsx'));
const Certificate = lazy(() => import('../features/course/components/certificate-page.tsx'));
const DiscipleTree = lazy(() => import('../features/mentoring/components/disciple-tree-page.tsx'));
const EvangelismTools = lazy(() => import('../features/evangelism/components/evangelism-tools-page.tsx'));
const Admin = lazy(() => import('../features/admin/components/admin-page.tsx'));
const NotFound = lazy(() => import('../components/layout/not-found.tsx'));

const screen = (C: LazyExoticComponent<ComponentType>) =>
  function Screen() {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <C />
      </Suspense>
    );
  };

/** Paths anyone may open, signed in or not. */
function PublicRoutes() {
  return (
    <Switch>
      <Route path="/soul-health-check" component={screen(SoulHealthCheck)} />
      <Route path="/verify/:code" component={screen(Verify)} />
    </Switch>
  );
}
const isPublicPath = (p: string) => p === '/soul-health-check' || p.startsWith('/verify/');

/** The route switch of the spec (section 2): public paths, loading, landing, onboarding, then the app. */
export function AppRoutes() {
  const [location] = useLocation();
  const { data: user, isLoading } = useCurrentUser();

  if (isPublicPath(location)) return <PublicRoutes />;
  if (isLoading) return <LoadingScreen />;

  if (!user) {
    return (
      <Switch>
        <Route path="/login" component={screen(SignIn)} />
        <Route path="/setup/:token" component={screen(Setup)} />
        <Route component={screen(Landing)} />
      </Switch>
    );
  }
  if (!user.onboardingComplete) return screen(Onboarding)();

  return (
    <Switch>
      <Route path="/" component={screen(Dashboard)} />
      <Route path="/dashboard" component={screen(Dashboard)} />
      <Route path="/lesson/:id" component={screen(Lesson)} />
      <Route path="/assessment/:id" component={screen(Assessment)} />
      <Route path="/disciple-tree" component={screen(DiscipleTree)} />
      <Route path="/certificate" component={screen(Certificate)} />
      <Route path="/evangelism-tools" component={screen(EvangelismTools)} />
      {/* Reached from the dashboard's reminder after "Skip for now"; a completed profile is not asked again. */}
      <Route path="/onboarding">{user.onboardingStatus === 'skipped' ? screen(Onboarding)() : <Redirect to="/dashboard" replace />}</Route>
      <Route path="/admin" component={screen(Admin)} />
      <Route component={screen(NotFound)} />
    </Switch>
  );
}
