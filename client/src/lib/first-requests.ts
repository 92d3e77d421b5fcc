/**
 * The API reads `public/boot.js` started for this page load's first screen, from the first byte,
 * beside the scripts instead of after them (docs/decisions/078). boot.js keeps each `fetch` promise
 * under the URL the app will ask for (the course list's, with `?lang=en`); the app's first GET of that URL takes
 * it instead of asking again. Each answer is taken once, and only while the page is still on the path
 * it was loaded at: a screen opened later asks the server itself. A URL the guess missed (another
 * language, an id boot.js could not know) is simply asked for as usual.
 */
interface FirstRequests {
  path: string;
  responses: Record<string, Promise<Response> | undefined>;
}

declare global {
  interface Window {
    firstRequests?: FirstRequests;
  }
}

/** Answers a GET on the server, for the request being rendered (app/render-signed-in.tsx). */
export type ServerReads = (url: string) => Promise<Response>;
let serverReads: (() => ServerReads | undefined) | undefined;

/**
 * On the server, a signed-in screen is rendered with its reads answered inside the server, as the
 * signed-in person who asked for the page (docs/decisions/084). `current` gives the answering function of
 * the render in progress (several renders may be in progress at once).
 */
export function answerReadsOnServer(current: () => ServerReads | undefined) {
  serverReads = current;
}

export function takeFirstResponse(url: string): Promise<Response> | undefined {
  // Not in a browser: the server's render answers reads itself; the API client's unit tests
  // run in Node with nothing started early.
  if (typeof window === 'undefined') return serverReads?.()?.(url);
  const first = window.firstRequests;
  if (!first || first.path !== window.location.pathname) return undefined;
  const response = first.responses[url];
  if (response) first.responses[url] = undefined;
  return response;
}
