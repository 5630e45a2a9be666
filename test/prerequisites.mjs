// What the integration tests need from the machine, checked before they run: a newcomer's `npm test` on a machine
// without them says what to install in one message instead of failing hundreds of tests one by one. .ci/run
// installs the same packages (its need_apt list); keep the two in step.
import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';

const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const pythonHasPypdf = () =>
  [process.env.PDF_PYTHON, 'python3', '/usr/bin/python3'].filter(Boolean).some((py) => spawnSync(py, ['-c', 'import pypdf'], { stdio: 'ignore' }).status === 0);

function mariadbAnswers() {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: 3306 });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The missing prerequisites: what each is for and the Debian package that brings it. `optional` ones: the tests
 * that need them skip (with a message) outside CI, and fail in CI. */
export async function missingPrerequisites() {
  const checks = [
    { ok: await mariadbAnswers(), what: 'MariaDB on 127.0.0.1:3306 (root, no password)', pkg: 'mariadb-server', note: 'then start it: service mariadb start (or start-stop-daemon --start --background --exec /usr/sbin/mariadbd -- --user=mysql)' },
    { ok: has('soffice'), what: 'LibreOffice (soffice), to render linked documents to PDF', pkg: 'libreoffice-writer-nogui' },
    { ok: has('chromium') || has('/usr/bin/chromium'), what: 'Chromium (/usr/bin/chromium), for the add-in browser tests', pkg: 'chromium' },
    { ok: has('xmllint'), what: 'xmllint, to validate the add-in manifest', pkg: 'libxml2-utils' },
    { ok: has('pdftotext'), what: 'pdftotext, to read rendered PDFs', pkg: 'poppler-utils' },
    { ok: pythonHasPypdf(), what: "python3's pypdf, to read link annotations in PDFs", pkg: 'python3-pypdf' },
    { ok: has('haproxy') || has('/usr/sbin/haproxy'), what: 'HAProxy, for the fleet test', pkg: 'haproxy', optional: true },
    { ok: has('systemd-analyze'), what: 'systemd-analyze, to verify the systemd unit', pkg: 'systemd', optional: true },
  ];
  return checks.filter((c) => !c.ok);
}

/** A message naming what is missing and the one command that installs it. */
export function prerequisitesMessage(missing) {
  const required = missing.filter((m) => !m.optional);
  if (!required.length) return `Tests that need these will skip: ${missing.map((m) => m.what).join('; ')} (sudo apt-get install -y ${missing.map((m) => m.pkg).join(' ')}).`;
  const lines = missing.map((m) => `  - ${m.what} (Debian package ${m.pkg})${m.note ? `; ${m.note}` : ''}`);
  return [
    'The integration tests need what this machine lacks:',
    ...lines,
    `Install with: sudo apt-get install -y ${[...new Set(missing.map((m) => m.pkg))].join(' ')}`,
    'Or run only the unit tests: npm run test:unit. (.ci/run installs all of it on a clean Debian machine.)',
  ].join('\n');
}
