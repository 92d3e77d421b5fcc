import type { Plugin } from 'vite';

/**
 * Takes the zod schemas out of each `endpoint(method, path, schemas)` call of `common/contracts/`
 * in the browser build (docs/decisions/083): the client calls an endpoint by its method and path,
 * and takes its types from the schemas at compile time only. A schema no screen uses is then
 * unreferenced and dropped (`treeshake.manualPureFunctions: ['z']`, decision 078), so a screen that
 * shows no form downloads no zod. The argument is blanked in place (same length, same lines), so
 * positions and the source map stay as they were.
 */
export function endpointSchemas(): Plugin {
  return {
    name: 'endpoint-schemas',
    transform: {
      filter: { id: /[\\/]common[\\/]contracts[\\/][^\\/]+\.ts$/ },
      handler(code) {
        if (!code.includes('endpoint(')) return null;
        const ranges: [number, number][] = [];
        const visit = (node: unknown): void => {
          if (!node || typeof node !== 'object') return;
          if (Array.isArray(node)) return node.forEach(visit);
          const n = node as { type?: string; callee?: { type: string; name?: string }; arguments?: { start: number; end: number }[] };
          if (n.type === 'CallExpression' && n.callee?.type === 'Identifier' && n.callee.name === 'endpoint' && n.arguments?.length === 3) {
            const arg = n.arguments[2]!;
            ranges.push([arg.start, arg.end]);
            return;
          }
          for (const [key, value] of Object.entries(n)) if (key !== 'type' && value && typeof value === 'object') visit(value);
        };
        visit(this.parse(code, { lang: 'ts' }));
        if (ranges.length === 0) return null;
        let out = code;
        for (const [start, end] of ranges.sort((a, b) => b[0] - a[0])) {
          const blank = code.slice(start, end).replace(/[^\n]/g, ' ');
          out = out.slice(0, start) + '{}' + blank.slice(2) + out.slice(end);
        }
        return { code: out, map: null };
      },
    },
  };
}
