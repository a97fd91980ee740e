/**
 * `npm test`'s steps before vitest, side by side: the build (which the CLI tests run) and the
 * type-check of the tests (which checks src again, with the tests) are each about 16 s of one core,
 * so on two cores running them together halves the wait. Each step's output is printed whole when
 * it ends, so two outputs never interleave; the exit code is the first failing step's.
 */
import { spawn } from 'node:child_process';

const STEPS: readonly (readonly [string, readonly string[]])[] = [
  ['build', ['run', '--silent', 'build']],
  ['typecheck', ['run', '--silent', 'typecheck']],
  ['lint', ['run', '--silent', 'lint']],
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function runStep([name, args]: (typeof STEPS)[number]): Promise<number> {
  return new Promise((done) => {
    const child = spawn(npm, args, { stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', (error) => {
      process.stderr.write(`${name}: ${error.message}\n`);
      done(1);
    });
    child.on('close', (code) => {
      const text = Buffer.concat(output).toString();
      if (code !== 0) process.stderr.write(`npm run ${name} failed:\n`);
      if (text) process.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
      done(code ?? 1);
    });
  });
}

const codes = await Promise.all(STEPS.map(runStep));
process.exitCode = codes.find((code) => code !== 0) ?? 0;
