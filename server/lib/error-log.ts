/**
 * What the log keeps of an error. Database errors are the dangerous ones: drizzle's
 * DrizzleQueryError carries the query's parameters (emails, phones, password hashes) in `params`
 * and in its message and stack, and PostgreSQL's own error adds `detail` ("Failing row contains
 * (...)", "Key (email)=(...) already exists") and quotes values in some messages. The log keeps the
 * query text (placeholders only), PostgreSQL's code and the names of the constraint, table and
 * column: enough to find the cause, none of the data.
 */

interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  statusCode?: number;
  cause?: SerializedError;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** PostgreSQL quotes both identifiers and values in its messages (`invalid input syntax for type uuid: "..."`): drop them all. */
const withoutQuotedValues = (message: string) => message.replace(/"[^"]*"/g, '"…"');

/** Only the stack frames; the first lines repeat the message, which may hold data. */
const framesOf = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((l) => /^\s+at /.test(l))
        .join('\n') || undefined
    : undefined;

function isDatabaseError(err: Record<string, unknown>): boolean {
  // pg's DatabaseError: a five-character SQLSTATE plus severity; drizzle's wrapper: query + params.
  return (typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code) && 'severity' in err) || ('query' in err && 'params' in err);
}

export function serializeError(err: unknown, depth = 0): SerializedError {
  if (!isRecord(err)) return { type: typeof err, message: String(err) };
  const type = str((err.constructor as { name?: string } | undefined)?.name) ?? 'Error';
  const out: SerializedError = { type, message: str(err.message) ?? '' };
  if ('query' in err && 'params' in err) {
    out.message = `Failed query: ${String(err.query)}`;
  } else if (isDatabaseError(err)) {
    out.message = withoutQuotedValues(out.message);
    out.code = str(err.code);
    out.constraint = str(err.constraint);
    out.table = str(err.table);
    out.column = str(err.column);
  } else {
    if (typeof err.code === 'string') out.code = err.code;
    if (typeof err.statusCode === 'number') out.statusCode = err.statusCode;
    out.stack = typeof err.stack === 'string' ? err.stack : undefined;
  }
  if (isDatabaseError(err)) out.stack = framesOf(err.stack);
  if (err.cause !== undefined && depth < 5) out.cause = serializeError(err.cause, depth + 1);
  return out;
}
