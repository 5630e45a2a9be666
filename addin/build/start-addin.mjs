// npm run start:addin | start:desktop | start:web: office-addin-debugging as in the Office add-in
// template, made to fail loudly: a non-zero exit of office-addin-debugging, or a dev server that does
// not answer on https://localhost:3000 afterwards, ends this script with exit code 1 and the reason.
//   node addin/build/start-addin.mjs none      dev server only (sideload by uploading manifest.xml)
//   node addin/build/start-addin.mjs desktop   sideload into Word desktop (Windows and macOS only)
//   node addin/build/start-addin.mjs web [--document URL]   Word on the web
//   node addin/build/start-addin.mjs stop      stop what office-addin-debugging started (npm run stop:addin)
// office-addin-debugging is not in the project's own install (it brings keytar, a native module that needs
// libsecret to compile): `npm run setup:addin` installs it into addin/tools/ once.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '../..');
const [mode = 'none', ...rest] = process.argv.slice(2);
const port = Number(process.env.ADDIN_PORT || 3000);

function fail(message) {
  console.error(`\nstart:addin failed: ${message}`);
  process.exit(1);
}

if (!['none', 'desktop', 'web', 'stop'].includes(mode)) fail(`unknown mode "${mode}" (none, desktop, web or stop)`);
if (mode === 'desktop' && process.platform === 'linux') {
  fail('Word desktop sideloading works on Windows and macOS only. On Linux run `npm run start:web` (or `npm run start:addin`) and upload manifest.xml in Word on the web (README, "Sideload into Word on the web").');
}

const bin = join(root, 'addin/tools/node_modules/.bin/office-addin-debugging');
if (!existsSync(bin)) {
  fail('office-addin-debugging is not installed: run `npm run setup:addin` once (it installs the sideloading tools into addin/tools/; on Linux their keytar module compiles against libsecret: `apt-get install libsecret-1-dev` first).');
}
const args = mode === 'stop' ? ['stop', 'manifest.xml'] : ['start', 'manifest.xml', ...(mode === 'none' ? ['--no-sideload'] : [mode]), ...rest];
const r = spawnSync(bin, args, { cwd: root, stdio: 'inherit' });
if (r.error) fail(`could not run office-addin-debugging (${r.error.message}); run npm run setup:addin`);
if (r.status !== 0) fail(`office-addin-debugging exited with code ${r.status}; see its output above`);
if (mode === 'stop') process.exit(0);

function probe() {
  return new Promise((resolve) => {
    const req = request({ host: 'localhost', port, path: '/taskpane.html', method: 'GET', rejectUnauthorized: false, timeout: 3000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

const until = Date.now() + 60_000;
let up = false;
while (!up && Date.now() < until) {
  up = await probe();
  if (!up) await new Promise((res) => setTimeout(res, 1000));
}
if (!up) fail(`the dev server is not answering on https://localhost:${port}/taskpane.html. Run \`npm run dev-server\` in a terminal to see why (certificate, port in use, build error).`);
console.log(`The task pane is served at https://localhost:${port}/taskpane.html.`);
