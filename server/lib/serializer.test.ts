import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { discipleNode } from '#common/contracts/mentoring.ts';

import { serializerCompiler } from './serializer.ts';

const compile = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as (v: unknown) => string;

describe('response serializer', () => {
  it('writes only the properties of the contract, so nothing else a service returns reaches a client', () => {
    const write = compile(z.object({ id: z.string(), name: z.string().nullable(), score: z.number().int().nullable() }));
    const text = write({ id: 'a', name: null, score: 70, passwordHash: 'secret', email: 'someone@example.org' });
    expect(JSON.parse(text)).toEqual({ id: 'a', name: null, score: 70 });
  });

  it('refuses an answer that lacks a required property instead of writing half of it', () => {
    const write = compile(z.object({ id: z.string(), role: z.enum(['user', 'admin']) }));
    expect(() => write({ id: 'a' })).toThrow(/role/);
  });

  it('writes a nullable object, records and a recursive tree', () => {
    expect(compile(z.object({ id: z.string() }).nullable())(null)).toBe('null');
    expect(JSON.parse(compile(z.object({ best: z.record(z.string(), z.number().int()) }))({ best: { l1: 80, l2: 90 } }))).toEqual({
      best: { l1: 80, l2: 90 },
    });
    const leaf = { id: 'c', firstName: null, lastName: 'C', email: 'c@example.org', progress: 0, disciples: [] };
    const tree = { id: 'r', firstName: 'R', lastName: null, email: 'r@example.org', progress: 50, disciples: [{ ...leaf, extra: true }] };
    const written = JSON.parse(compile(discipleNode)(tree));
    expect(written).toEqual({ ...tree, disciples: [leaf] });
  });
});
