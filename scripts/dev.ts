// `npm run dev`: the API with restart on change (tsx watch) and the client with hot reload (Vite),
// which proxies /api to the API. Open the URL Vite prints.
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.PORT ?? '5000' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--host'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', stop));
