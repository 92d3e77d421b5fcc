import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { compiled } from './compiled.ts';
import { cloneTemplateDatabase, freePort } from './postgres.ts';

/**
 * docs/deployment.md as written (issue 28; decision 070): its nginx configuration, run by Debian's nginx
 * in front of two real instances on one PostgreSQL (the suite's), and its systemd unit, checked by
 * systemd-analyze. Only ports, the certificate and paths are replaced; each replacement must match
 * once, so a change to the guide's shape fails here instead of going untested.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const guide = readFileSync(path.join(root, 'docs/deployment.md'), 'utf8');
const NGINX = '/usr/sbin/nginx';
const hasNginx = existsSync(NGINX);

function block(lang: string): string {
  const match = new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(guide);
  if (!match) throw new Error(`docs/deployment.md has no ${lang} block`);
  return match[1]!;
}

function replaceOnce(text: string, from: string, to: string): string {
  expect(text.split(from).length - 1, `"${from}" once in the guide`).toBe(1);
  return text.replace(from, to);
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'god-deployment-'));
const children: ChildProcess[] = [];
let nginx: ChildProcess | undefined;
afterAll(async () => {
  // SIGTERM: nginx's master stops its workers too (SIGKILL would leave them running).
  if (nginx && nginx.exitCode === null && nginx.signalCode === null) {
    const exited = new Promise((r) => nginx!.once('exit', r));
    nginx.kill('SIGTERM');
    await exited;
  }
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const client = url.startsWith('https:') ? https : http;
    const req = client.get(url, { headers, rejectUnauthorized: false, agent: false }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
  });
}

async function startInstance(env: Record<string, string>) {
  const child = spawn(process.execPath, [await compiled('server/main.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d;
      if (output.includes('running at')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`an instance exited with ${code}:\n${output}`)));
  });
  return child;
}

async function requestsCounted(metricsPort: number, route: string): Promise<number> {
  const { body } = await get(`http://127.0.0.1:${metricsPort}/metrics`);
  return body
    .split('\n')
    .filter((l) => l.startsWith(`http_requests_total{method="GET",route="${route}",status="200"}`))
    .reduce((n, l) => n + Number(l.split(' ').pop()), 0);
}

describe.skipIf(!hasNginx)('the deployment guide: nginx in front of two instances and an external PostgreSQL', () => {
  const ports = { http: 0, https: 0, app1: 0, app2: 0, metrics1: 0, metrics2: 0 };
  const instances: ChildProcess[] = [];

  beforeAll(async () => {
    for (const key of Object.keys(ports) as (keyof typeof ports)[]) ports[key] = await freePort();
    const cert = path.join(tmp, 'cert.pem');
    const key = path.join(tmp, 'key.pem');
    const openssl = spawnSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=god.example.org'],
      { encoding: 'utf8' },
    );
    expect(openssl.status, openssl.stderr).toBe(0);

    let site = block('nginx');
    site = replaceOnce(site, 'listen 80;', `listen 127.0.0.1:${ports.http};`);
    site = replaceOnce(site, 'listen 443 ssl http2;', `listen 127.0.0.1:${ports.https} ssl http2;`);
    site = replaceOnce(site, '127.0.0.1:5001', `127.0.0.1:${ports.app1}`);
    site = replaceOnce(site, '127.0.0.1:5002', `127.0.0.1:${ports.app2}`);
    site = replaceOnce(site, '/etc/letsencrypt/live/god.example.org/fullchain.pem', cert);
    site = replaceOnce(site, '/etc/letsencrypt/live/god.example.org/privkey.pem', key);
    writeFileSync(path.join(tmp, 'site.conf'), site);
    mkdirSync(path.join(tmp, 'temp'));
    const temp = (name: string) => `${name}_temp_path ${path.join(tmp, 'temp', name)};`;
    writeFileSync(
      path.join(tmp, 'nginx.conf'),
      `user root;\nworker_processes 1;\npid ${tmp}/nginx.pid;\nerror_log ${tmp}/error.log;\nevents { worker_connections 256; }\n` +
        `http {\n  access_log off;\n  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}\n  include ${tmp}/site.conf;\n}\n`,
    );
    const check = spawnSync(NGINX, ['-t', '-p', tmp, '-c', path.join(tmp, 'nginx.conf')], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);

    const database = await cloneTemplateDatabase(inject('databaseAdminUrl'));
    afterAll(() => database.drop());
    // /etc/god/god.env of the guide, with this test's addresses.
    const env = {
      DATABASE_URL: database.url,
      MFA_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
      PUBLIC_URL: `https://god.example.org:${ports.https}`,
      TRUST_PROXY: '127.0.0.1',
      FORCE_HTTPS: 'true',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      CONTROLLER_NAME: 'Test Ministry',
      CONTROLLER_ADDRESS: '1 Test Street, Testville',
      PRIVACY_CONTACT: 'privacy@example.org',
      HOST: '127.0.0.1',
    };
    instances.push(
      ...(await Promise.all([
        startInstance({ ...env, PORT: String(ports.app1), METRICS_PORT: String(ports.metrics1) }),
        startInstance({ ...env, PORT: String(ports.app2), METRICS_PORT: String(ports.metrics2) }),
      ])),
    );
    nginx = spawn(NGINX, ['-p', tmp, '-c', path.join(tmp, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
    // nginx listens once it has read its configuration: wait for its answer.
    for (;;) {
      try {
        await get(`http://127.0.0.1:${ports.http}/`);
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  }, 180_000);

  it("serves https through both instances, with the app seeing https and nginx's request id", async () => {
    for (let i = 0; i < 30; i++) {
      const res = await get(`https://127.0.0.1:${ports.https}/api/version`);
      // FORCE_HTTPS is on: a 200 (not a redirect) says X-Forwarded-Proto from nginx was trusted.
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toHaveProperty('version');
      expect(res.headers['strict-transport-security']).toContain('max-age=');
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    }
    expect(await requestsCounted(ports.metrics1, '/api/version')).toBeGreaterThan(0);
    expect(await requestsCounted(ports.metrics2, '/api/version')).toBeGreaterThan(0);
    // The metrics are not reachable through nginx.
    expect((await get(`https://127.0.0.1:${ports.https}/metrics`)).body).not.toContain('http_requests_total');
  });

  it('redirects plain http to https', async () => {
    const res = await get(`http://127.0.0.1:${ports.http}/course?week=1`, { host: 'god.example.org' });
    expect(res.status).toBe(308);
    expect(res.headers.location).toBe('https://god.example.org/course?week=1');
  });

  it('loses no request when one instance is killed (kill -9) under load', async () => {
    const statuses: number[] = [];
    let killedAt = -1;
    // Four clients at once; the instance is killed after 40 answers, and 100 more follow.
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (killedAt < 0 || statuses.length < killedAt + 100) {
          statuses.push(
            await get(`https://127.0.0.1:${ports.https}/api/ready`).then(
              (r) => r.status,
              () => 0,
            ),
          );
          if (killedAt < 0 && statuses.length >= 40) {
            killedAt = statuses.length;
            instances[0]!.kill('SIGKILL');
          }
        }
      }),
    );
    expect(instances[0]!.signalCode ?? (await new Promise((r) => instances[0]!.once('exit', (_c, sig) => r(sig))))).toBe('SIGKILL');
    expect(statuses.length).toBeGreaterThanOrEqual(140);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });

  it.skipIf(!existsSync('/usr/bin/systemd-analyze'))('has a systemd unit that systemd-analyze accepts without a warning', () => {
    let unit = block('ini');
    unit = replaceOnce(unit, 'WorkingDirectory=/srv/god/current', `WorkingDirectory=${root}`);
    unit = replaceOnce(unit, 'EnvironmentFile=/etc/god/god.env', `EnvironmentFile=${path.join(tmp, 'god.env')}`);
    unit = replaceOnce(unit, 'ExecStart=/usr/bin/node ', `ExecStart=${process.execPath} `);
    writeFileSync(path.join(tmp, 'god.env'), '');
    const dir = path.join(tmp, 'units');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'god@01.service'), unit);
    const r = spawnSync('systemd-analyze', ['verify', '--man=no', path.join(dir, 'god@01.service')], { encoding: 'utf8' });
    expect(r.stderr + r.stdout).toBe('');
    expect(r.status).toBe(0);
  });
});
