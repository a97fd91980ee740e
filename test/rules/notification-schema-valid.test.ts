import type { Frame } from '../../src/model/capture.js';
import rule from '../../rules/notification-schema-valid.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const notification = (method: string, params?: unknown): Frame => ({
  kind: 'message',
  dir: 'recv',
  seq: 0,
  at: 0,
  phase: 'probe:valid-calls',
  bytes: 10,
  message: { jsonrpc: '2.0', method, ...(params !== undefined ? { params } : {}) },
});
const session = (...frames: Frame[]) => makeCapture({ frames });

ruleTester(rule).run({
  valid: [
    {
      name: 'well-formed progress, log, updated and list_changed notifications',
      capture: () =>
        session(
          notification('notifications/progress', { progressToken: 't1', progress: 1, total: 2 }),
          notification('notifications/message', { level: 'info', data: { event: 'started' } }),
          notification('notifications/resources/updated', { uri: 'bookstore://catalogue/stats' }),
          notification('notifications/tools/list_changed'),
        ),
    },
    { name: 'notifications the schema does not define are not judged', capture: () => session(notification('vendor/heartbeat', 7)) },
  ],
  invalid: [
    {
      name: 'one finding per distinct defect, with its pointer and the requirement',
      capture: () =>
        session(
          notification('notifications/message', { level: 'verbose', data: 'x' }),
          notification('notifications/message', { level: 'verbose', data: 'y' }),
          notification('notifications/progress', { progressToken: 't1', progress: 'half' }),
          notification('notifications/resources/updated', {}),
        ),
      findings: [
        {
          messageId: 'schema',
          subject: 'server',
          message: /notifications\/message notification whose \/params\/level must be equal to one of the allowed values/,
        },
        { messageId: 'schema', subject: 'server', message: /\/params\/progress must be number \(ProgressNotification\)/ },
        { messageId: 'schema', subject: 'server', message: /\/params\/uri is required \(ResourceUpdatedNotification\)/ },
      ],
    },
  ],
});
