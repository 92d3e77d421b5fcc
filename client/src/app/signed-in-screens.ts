import { lazyReady } from '../lib/lazy-ready.ts';

/**
 * The signed-in first screens the server renders per request (docs/decisions/084): routes.tsx shows
 * them, and they render without suspending once loaded, so the app's first render replaces the
 * server's copy with the same screen in one commit (main.tsx loads the screen's code first).
 */
export const DashboardScreen = lazyReady(() => import('../features/course/components/dashboard-page.tsx'));
export const LessonScreen = lazyReady(() => import('../features/course/components/lesson-page.tsx'));
export const AssessmentScreen = lazyReady(() => import('../features/course/components/assessment-page.tsx'));
export const DiscipleTreeScreen = lazyReady(() => import('../features/mentoring/components/disciple-tree-page.tsx'));
export const SettingsScreen = lazyReady(() => import('../features/settings/components/settings-page.tsx'));

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** By path (the paths routes.tsx gives these screens, ids as the API makes them). */
const screens: [RegExp, { load: () => Promise<unknown> }][] = [
  [/^\/(dashboard)?$/, DashboardScreen],
  [new RegExp(`^/lesson/${UUID}$`), LessonScreen],
  [new RegExp(`^/assessment/${UUID}$`), AssessmentScreen],
  [/^\/disciple-tree$/, DiscipleTreeScreen],
  [/^\/settings$/, SettingsScreen],
];

/** The code of the signed-in first screen at `path`, or undefined when `path` is not one of them. */
export const signedInScreenAt = (path: string) => screens.find(([pattern]) => pattern.test(path))?.[1];
