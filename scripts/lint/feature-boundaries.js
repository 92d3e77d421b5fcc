import path from 'node:path';

import { resolveImport } from '../subpath-imports.mjs';

/**
 * An ESLint-API rule, run by Oxlint as a JS plugin (.oxlintrc.json, decision 088).
 *
 * Client imports flow one way: app -> features -> shared (components, lib). A feature never imports
 * another feature, and shared code imports neither a feature nor the app (bulletproof-react's
 * "unidirectional codebase", docs/decisions/019). Relative paths are resolved against the importing
 * file, and `#client/…` through package.json's imports, so the rule does not depend on how a path is written.
 */
const SRC = `${path.sep}client${path.sep}src${path.sep}`;

/** Where a file sits: { area: 'features', feature: 'course' }, { area: 'lib' }, ... or null outside client/src. */
function placeOf(file) {
  const at = file.lastIndexOf(SRC);
  if (at === -1) return null;
  const [area, feature] = file.slice(at + SRC.length).split(path.sep);
  return { area, feature: area === 'features' ? feature : undefined };
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports between client features, and from shared code into features or the app' },
    messages: {
      crossFeature:
        "The '{{from}}' feature imports the '{{to}}' feature. Move what both need to client/src/lib or client/src/components, or compose them in client/src/app.",
      sharedImportsFeature:
        'Shared code in client/src/{{from}} imports client/src/{{to}}. Shared code must not depend on features or the app.',
      featureImportsApp: "The '{{from}}' feature imports client/src/app. Features must not depend on the app.",
    },
    schema: [],
  },
  create(context) {
    const here = placeOf(context.filename);
    if (!here) return {};
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveImport(context.filename, source.value);
      const there = target && placeOf(target);
      if (!there) return;
      if (here.area === 'features' && there.area === 'features' && there.feature !== here.feature) {
        context.report({ node: source, messageId: 'crossFeature', data: { from: here.feature, to: there.feature } });
      } else if ((here.area === 'lib' || here.area === 'components') && (there.area === 'features' || there.area === 'app')) {
        context.report({
          node: source,
          messageId: 'sharedImportsFeature',
          data: { from: here.area, to: there.feature ? `features/${there.feature}` : there.area },
        });
      } else if (here.area === 'features' && there.area === 'app') {
        context.report({ node: source, messageId: 'featureImportsApp', data: { from: here.feature } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { 'feature-boundaries': rule } };
