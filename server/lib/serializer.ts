import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const isPlainNull = (s: unknown) => typeof s === 'object' && s !== null && Object.keys(s).length === 1 && (s as JsonSchema).type === 'null';

/**
 * `anyOf: [X, {type: null}]` (how zod writes `.nullable()`) as `type: [X's type, 'null']` when X has
 * a single type: fast-json-stringify then writes it directly instead of testing each branch.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonSchema = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, simplify(v)]));
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const other = anyOf.find((s) => !isPlainNull(s));
    if (other && anyOf.some(isPlainNull) && typeof other.type === 'string') {
      const { anyOf: _dropped, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/** The JSON Schema of a response contract, as fast-json-stringify reads it. */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  return simplify(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' })) as JsonSchema;
}

/**
 * Responses are written by fast-json-stringify from each route's zod contract turned into JSON
 * Schema once, at start: only the contract's properties are written (anything else a service
 * returns is dropped), and a missing required property is an error, but values are not re-validated
 * on every answer (docs/decisions/022-serializer-logging-compiled-server.md). Requests are still
 * validated with zod.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) =>
  fastJson(responseJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]);
