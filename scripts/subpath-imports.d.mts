/** The absolute path a specifier of `fromFile` names, or null for a package. */
export function resolveImport(fromFile: string, specifier: string): string | null;
