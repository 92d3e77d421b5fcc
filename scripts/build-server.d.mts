/** dist/server/main.js: where `npm run build` writes the compiled server. */
export declare const serverOut: string;
/** Compiles `entry` (default server/main.ts) into `outfile` (default dist/server/main.js); see build-server.mjs. */
export declare function buildServer(options?: { entry?: string; outfile?: string }): Promise<void>;
/** The esbuild options of a Node ES module bundle, shared with the landing page's renderer; see build-server.mjs. */
export declare const nodeBundle: import('esbuild').BuildOptions;
