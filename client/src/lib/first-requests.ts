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

export function takeFirstResponse(url: string): Promise<Response> | undefined {
  // Not in a browser (the API client's unit tests run in Node): nothing was started early.
  if (typeof window === 'undefined') return undefined;
  const first = window.firstRequests;
  if (!first || first.path !== window.location.pathname) return undefined;
  const response = first.responses[url];
  if (response) first.responses[url] = undefined;
  return response;
}
