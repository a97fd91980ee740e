import rule from '../../rules/declared-capabilities-work.js';
import { makeCapture } from '../helpers/capture.js';
import { call, error, ran, result } from '../helpers/probes.js';
import { ruleTester } from '../helpers/rule-tester.js';

const notFound = () => error(-32601, 'Method not found');
const complete = { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } };

ruleTester(rule).run({
  valid: [
    {
      name: 'every declared method answers (an error other than -32601 is another matter)',
      capture: makeCapture({
        probes: {
          ...ran('declared-capabilities', [
            call('completion/complete', complete, result({ completion: { values: [] } })),
            call('logging/setLevel', { level: 'debug' }, result({})),
          ]),
          ...ran('prompts-get', [call('prompts/get', { name: 'p' }, error(-32602, 'missing argument'))]),
        },
      }),
    },
  ],
  invalid: [
    {
      name: 'completions and subscribe declared but missing',
      capture: makeCapture({
        probes: ran('declared-capabilities', [
          call('completion/complete', complete, notFound()),
          call('resources/subscribe', { uri: 'a://b' }, notFound()),
          call('resources/unsubscribe', { uri: 'a://b' }, result({})),
        ]),
      }),
      findings: [
        {
          messageId: 'methodNotFound',
          subject: 'server',
          message: /declares the "completions" capability, yet answered completion\/complete/,
        },
        { messageId: 'methodNotFound', subject: 'server', message: /"resources.subscribe"/ },
      ],
    },
    {
      name: 'prompts declared, prompts/get missing',
      capture: makeCapture({
        probes: ran('prompts-get', [call('prompts/get', { name: 'p' }, notFound()), call('prompts/get', { name: 'q' }, notFound())]),
      }),
      findings: [{ messageId: 'methodNotFound', subject: 'server', message: /"prompts" capability, yet answered prompts\/get/ }],
    },
  ],
});
