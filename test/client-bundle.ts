import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Code a visitor's page must not download (issue 14): each kind with the source paths that make it. */
export const visitorForbidden = {
  zod: [/^node_modules\/zod\//, /^node_modules\/@hookform\//],
  'API client': [/^client\/src\/lib\/api\.ts$/, /^client\/src\/lib\/query-client\.ts$/, /^node_modules\/@tanstack\//],
  PDF: [/^node_modules\/@cantoo\/pdf-lib\//, /^node_modules\/uqr\//, /certificate-pdf\.ts$/],
  'signed-in screens': [/^client\/src\/features\/(course|mentoring|admin|onboarding|evangelism)\//],
} as const;
export type ForbiddenKind = keyof typeof visitorForbidden;

/** The build's chunk → source modules map (scripts/vite-module-map.ts). */
export function readModuleMap(clientDir: string): Record<string, string[]> {
  return JSON.parse(readFileSync(path.join(clientDir, '.vite/modules.json'), 'utf8')) as Record<string, string[]>;
}

/** The source modules of the downloaded scripts (paths as in the module map, e.g. `client/src/app/app.tsx`). */
export function downloadedModules(moduleMap: Record<string, string[]>, scriptPaths: string[]): string[] {
  return scriptPaths.flatMap((p) => moduleMap[p.replace(/^\//, '')] ?? []);
}

/** For each forbidden kind, the downloaded modules of that kind (empty when none). */
export function forbiddenModules(moduleMap: Record<string, string[]>, scriptPaths: string[]): Record<ForbiddenKind, string[]> {
  const modules = downloadedModules(moduleMap, scriptPaths);
  return Object.fromEntries(
    Object.entries(visitorForbidden).map(([kind, patterns]) => [kind, modules.filter((m) => patterns.some((re) => re.test(m)))]),
  ) as Record<ForbiddenKind, string[]>;
}

/** Bytes a browser downloads for one built file with gzip (the .gz variant, else the file gzipped). */
export function gzipBytes(clientDir: string, urlPath: string): number {
  const file = path.join(clientDir, urlPath);
  try {
    return statSync(`${file}.gz`).size;
  } catch {
    return gzipSync(readFileSync(file), { level: 9 }).length;
  }
}
