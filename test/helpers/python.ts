/** How the Python fixtures are launched: the standard-library SDK stand-in goes on PYTHONPATH. */
import { join } from 'node:path';
import { fixturePath } from './capture.js';

export const PY = fixturePath('python');
const STUBS = join(PY, 'stubs');

export const LAUNCH = {
  weather: ['env', `PYTHONPATH=${STUBS}:${join(PY, 'weather-app', 'src')}`, 'python3', '-m', 'weather_mcp'],
  standalone: ['env', `PYTHONPATH=${STUBS}`, 'python3', join(PY, 'standalone-app', 'server.py')],
  lowlevel: ['env', `PYTHONPATH=${STUBS}`, 'python3', join(PY, 'lowlevel-app', 'server.py')],
} as const;
