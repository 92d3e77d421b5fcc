/**
 * What the app does when a screen breaks (docs/decisions/069). Kept small and free of the API
 * client and zod: it is part of the entry script, and the report's code loads only when needed.
 */

/**
 * The build this page runs: its entry script's file name, whose hash changes with every deploy that
 * changes any screen's code (main.tsx sets it from its own `import.meta.url`).
 */
let buildId = '';
export function setBuildId(entryUrl: string) {
  buildId =
    new URL(entryUrl, 'http://x').pathname
      .split('/')
      .pop()
      ?.replace(/[^\w.-]/g, '') ?? '';
}
export const currentBuildId = () => buildId;

/**
 * A screen's code or styles that could not be fetched: after a deploy, an open tab asks for the old
 * build's files, which the server no longer has. Chromium, Firefox and Safari word it differently;
 * Vite's preload helper adds its own for styles.
 */
const MISSING_CODE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;
export const isMissingCodeError = (error: unknown) => error instanceof Error && MISSING_CODE.test(error.message);

/** Set before the reload a missing screen triggers: which build reloaded, and when. */
const RELOAD_MARKER = 'missing-code-reload';
/** A failure this long after the last reload of the same build is a new one (a later deploy), not a loop. */
const RELOAD_QUIET_MS = 5 * 60_000;

function readMarker(): { build: string; at: number } | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(RELOAD_MARKER) ?? 'null') as { build?: unknown; at?: unknown } | null;
    return value && typeof value.build === 'string' && typeof value.at === 'number' ? { build: value.build, at: value.at } : null;
  } catch {
    return null;
  }
}

/**
 * Whether a missing screen may reload the page: not when this same build already reloaded for it a
 * moment ago (the reload brought the same files back, so reloading again would loop). A reload that
 * brought a newer build may reload once more, if that build too was replaced meanwhile.
 */
export function canReloadForMissingCode(): boolean {
  try {
    sessionStorage.setItem(`${RELOAD_MARKER}-probe`, '1');
    sessionStorage.removeItem(`${RELOAD_MARKER}-probe`);
  } catch {
    // Without storage nothing would stop a loop: the friendly screen's button reloads instead.
    return false;
  }
  const marker = readMarker();
  return !marker || marker.build !== buildId || Date.now() - marker.at > RELOAD_QUIET_MS;
}

/** Reloads the page to get the current build, leaving the marker that keeps it to once. */
export function reloadForMissingCode() {
  sessionStorage.setItem(RELOAD_MARKER, JSON.stringify({ build: buildId, at: Date.now() }));
  window.location.reload();
}

/** At most this many reports per page load: a screen that throws on every render reports once or twice, not forever. */
let reportsLeft = 5;
const reported = new Set<string>();

/**
 * Tells the server a screen broke (the crash report, `clientErrorsApi.report`): what was thrown, where in the
 * components, which path (never its query string) and build. Never throws; a failed report is dropped.
 */
export function reportClientError(kind: 'render' | 'uncaught' | 'chunk' | 'service-worker', error: unknown, componentStack?: string) {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (reportsLeft <= 0 || reported.has(message)) return;
  reportsLeft--;
  reported.add(message);
  const path = window.location.pathname;
  import('./client-error-report.ts')
    .then(({ sendClientError }) => sendClientError({ kind, message, componentStack, path, build: buildId }))
    .catch(() => {});
}
