/**
 * Loaders of the public screens a visitor often opens first (routes.tsx uses them). A page load on
 * one of these paths starts its screen's code at once, in parallel with the query app, instead of
 * after the query app has loaded and chosen the route (docs/decisions/048).
 */
import { lazyReady } from '../lib/lazy-ready.ts';

/** The Soul Health Check; rendered without suspending once loaded (a prerendered page loads it first: main.tsx). */
export const SoulHealthCheckScreen = lazyReady(() => import('../features/wellness/components/soul-health-check-page.tsx'));
export const loadPrivacy = () => import('../features/privacy/components/privacy-page.tsx');
/**
 * The app's landing page: a visitor's page load gets the server's prerendered copy instead
 * (docs/decisions/057), so the app shows it only after signing out, to a stale session, or where
 * the server could not prerender it; its own chunk keeps it out of everyone's entry script.
 */
export const loadLanding = () => import('../features/landing/components/landing-page.tsx');

const firstScreens: Record<string, () => Promise<unknown>> = { '/soul-health-check': SoulHealthCheckScreen.load, '/privacy': loadPrivacy };

/** Starts downloading the screen of `path` if it is one of the above (a failure shows when the route loads it). */
export function preloadPublicScreen(path: string) {
  firstScreens[path]?.().catch(() => {});
}
