import pg from 'pg';
import { readFileSync } from 'node:fs';
const c = new pg.Client({ connectionString: 'postgres://postgres:postgres@127.0.0.1:5799/app' });
await c.connect();
const q = readFileSync(process.argv[2], 'utf8');
for (let i = 0; i < 3; i++) { const t = performance.now(); await c.query(q); console.log('ms', (performance.now() - t).toFixed(1)); }
const r = await c.query('explain (analyze, buffers) ' + q);
console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
await c.end();
