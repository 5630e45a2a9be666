// `hyperlinker <command>` itself: help and version, dispatch to each command group, and the one-line error
// with a non-zero exit for an unknown command, a bad flag or a failing command.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { runCli } from '../helpers/cli-capture.ts';

const PACKAGE_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const COMMANDS = ['scan', 'link', 'resolve', 'check', 'user add', 'org set'];

test('--help lists every command on stdout and exits 0; no command prints the same usage and exits 2', async () => {
  for (const flag of ['--help', '-h', 'help']) {
    const r = await runCli([flag]);
    assert.equal(r.code, 0, flag);
    assert.match(r.out, /^usage: hyperlinker <command>/);
    for (const c of COMMANDS) assert.match(r.out, new RegExp(`^  ${c} `, 'm'), `${flag} lists ${c}`);
    assert.equal(r.err, '');
  }
  const none = await runCli([]);
  assert.equal(none.code, 2);
  assert.equal(none.out, (await runCli(['--help'])).out);
});

test('--version prints the package version', async () => {
  for (const flag of ['--version', '-V']) {
    const r = await runCli([flag]);
    assert.equal(r.code, 0);
    assert.equal(r.out, `hyperlinker ${PACKAGE_VERSION}\n`);
  }
});

test('an unknown command names itself on stderr, prints the usage and exits 2', async () => {
  const r = await runCli(['lnk', 'paper.docx']);
  assert.equal(r.code, 2);
  assert.equal(r.out, '');
  assert.match(r.err, /^hyperlinker: unknown command 'lnk'\nusage: hyperlinker/);
});

test('each command name reaches its own module: its own usage message when given no arguments', async () => {
  const cases: Array<[string[], number, RegExp]> = [
    [['scan'], 2, /^hyperlinker scan: usage: hyperlinker scan FILE\.docx/],
    [['link'], 2, /^hyperlinker link: usage: hyperlinker link FILE\.docx -o OUT\.docx/],
    [['resolve'], 2, /^hyperlinker resolve: usage: hyperlinker resolve FILE\.docx/],
    [['check'], 2, /^hyperlinker check: usage: hyperlinker check FILE\.docx/],
    [['user'], 2, /^hyperlinker user: usage: hyperlinker user add --email/],
    [['org'], 2, /^hyperlinker org: usage: hyperlinker org set --org/],
  ];
  for (const [argv, code, message] of cases) {
    const r = await runCli(argv);
    assert.equal(r.code, code, argv.join(' '));
    assert.match(r.err, message, argv.join(' '));
    assert.equal(r.err.trim().split('\n').length, 1, `one line: ${r.err}`);
  }
});

test('one exit-code rule for every command: a usage error exits 2 with one line naming the problem, a failure 1', async () => {
  const usage: Array<[string[], RegExp]> = [
    [['scan', 'paper.docx', '--settings'], /^hyperlinker scan: option --settings needs a value\n$/],
    [['scan', 'paper.docx', '--compact=yes'], /^hyperlinker scan: option --compact takes no value\n$/],
    [['link', 'paper.docx', '-o'], /^hyperlinker link: option --output needs a value\n$/],
    [['resolve', 'paper.docx', '--jsn'], /^hyperlinker resolve: unknown option --jsn \(known: /],
    [['org', 'set', '--org', 'x', '--colour', 'red'], /^hyperlinker org: unknown option --colour \(known: --org, /],
    [['user', 'add', '--email', 'a@b.org', '--password', 'long enough', 'extra'], /^hyperlinker user: unexpected argument 'extra'/],
    [['user', 'add', '--email', 'nobody', '--password', 'long enough'], /^hyperlinker user: --email must be an e-mail address\n$/],
  ];
  for (const [argv, message] of usage) {
    const r = await runCli(argv);
    assert.equal(r.code, 2, argv.join(' '));
    assert.match(r.err, message, argv.join(' '));
  }
  const failure = await runCli(['scan', '/nonexistent/paper.docx']);
  assert.equal(failure.code, 1);
  assert.equal(failure.err, "hyperlinker scan: cannot read '/nonexistent/paper.docx': no such file\n");
  assert.match((await runCli(['--help'])).out, /Exit codes: 0 done, 1 a failure [\s\S]*, 2 a usage error/);
});

test('--help names every option each document command accepts (as its own usage line lists them)', async () => {
  const help = (await runCli(['--help'])).out;
  for (const command of ['scan', 'link', 'resolve', 'check']) {
    const r = await runCli([command]);
    assert.notEqual(r.code, 0, command);
    const options: string[] = r.err.match(/--[a-z][a-z-]*/g) ?? [];
    assert.ok(options.includes('--settings'), `${command}: ${r.err}`);
    for (const option of options) assert.ok(help.includes(option), `${command} ${option} is missing from --help`);
  }
});
