/** The HTTP probes, in the order they run (before every other probe). */
import { httpGetProbe } from './http-get.js';
import { httpNotificationProbe } from './http-notification.js';
import { httpOriginProbe } from './http-origin.js';
import type { HttpProbeModule } from './http-probe.js';
import { httpProtocolVersionProbe } from './http-protocol-version.js';
import { httpResumeProbe } from './http-resume.js';
import { httpSessionProbe } from './http-session.js';

export const HTTP_PROBES: readonly HttpProbeModule[] = [
  httpNotificationProbe,
  httpGetProbe,
  httpProtocolVersionProbe,
  httpOriginProbe,
  httpSessionProbe,
  httpResumeProbe,
];
