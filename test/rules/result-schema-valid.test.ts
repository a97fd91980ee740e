import { expect, it } from 'vitest';
import rule from '../../rules/result-schema-valid.js';
import { makeCapture } from '../helpers/capture.js';
import { call, error, ran, result, runRule, toolCall } from '../helpers/probes.js';
import { ruleTester } from '../helpers/rule-tester.js';

const image = (block: Record<string, unknown>) => ({ content: [{ type: 'image', data: 'iVBORw0KGgo=', ...block }] });
const validCall = (value: unknown) => ran('valid-calls', [toolCall('get_chart', {}, result(value))]);

ruleTester(rule).run({
  valid: [
    { name: 'a complete image block', capture: makeCapture({ probes: validCall(image({ mimeType: 'image/png' })) }) },
    {
      name: 'a prompt message with its role, and text resource contents',
      capture: makeCapture({
        probes: {
          ...ran('prompts-get', [
            call('prompts/get', { name: 'p' }, result({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }] })),
          ]),
          ...ran('resources-read', [call('resources/read', { uri: 'a://b' }, result({ contents: [{ uri: 'a://b', text: '{}' }] }))]),
        },
      }),
    },
    {
      name: 'errors are not results',
      capture: makeCapture({ probes: ran('prompts-get', [call('prompts/get', { name: 'p' }, error(-32602, 'bad'))]) }),
    },
    { name: 'no probe ran', capture: makeCapture({}) },
  ],
  invalid: [
    {
      name: 'an image block without mimeType: one finding, at the pointer, not one per anyOf branch',
      capture: makeCapture({ probes: validCall(image({})) }),
      findings: [{ messageId: 'schema', subject: 'tool:get_chart', message: /\/content\/0\/mimeType is required \(ImageContent\)/ }],
    },
    {
      name: 'a prompt message without role',
      capture: makeCapture({
        probes: ran('prompts-get', [call('prompts/get', { name: 'p' }, result({ messages: [{ content: { type: 'text', text: 'hi' } }] }))]),
      }),
      findings: [{ messageId: 'schema', subject: 'server', message: /prompts\/get of "p" .*\/messages\/0\/role is required/ }],
    },
    {
      name: 'an embedded text resource without text: judged as text contents, never told that blob is required',
      capture: makeCapture({
        probes: validCall({ content: [{ type: 'resource', resource: { uri: 'books://1', mimeType: 'text/plain' } }] }),
      }),
      findings: [
        { messageId: 'schema', subject: 'tool:get_chart', message: /\/content\/0\/resource\/text is required \(TextResourceContents\)/ },
      ],
    },
    {
      name: 'a completion of 101 values, a limit the schema does not check',
      capture: makeCapture({
        probes: ran('prompts-get', [
          call(
            'completion/complete',
            { ref: { type: 'ref/prompt', name: 'p' } },
            result({ completion: { values: Array.from({ length: 101 }, (_, i) => `v${i}`) } }),
          ),
        ]),
      }),
      findings: [
        {
          messageId: 'limit',
          subject: 'server',
          message: /\/completion\/values has 101 values, more than the 100 .*does not allow \(its JSON Schema does not check it\)/,
        },
      ],
    },
    {
      name: 'a content type the negotiated version does not have',
      capture: makeCapture({
        protocolVersion: '2024-11-05',
        probes: validCall({ content: [{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }] }),
      }),
      findings: [
        {
          messageId: 'schema',
          subject: 'tool:get_chart',
          message: /\/content\/0\/type "audio" is not a content type of protocol 2024-11-05/,
        },
      ],
    },
    {
      name: 'resource contents with neither text nor blob',
      capture: makeCapture({
        probes: ran('resources-read', [call('resources/read', { uri: 'a://b' }, result({ contents: [{ uri: 'a://b' }] }))]),
      }),
      findings: [{ messageId: 'schema', subject: 'server', message: /\/contents\/0\/text is required/ }],
    },
  ],
});

it('reports a defect repeated by two calls of the same tool once', () => {
  const calls = [toolCall('get_chart', {}, result(image({}))), toolCall('get_chart', { page: 2 }, result(image({})))];
  expect(runRule(rule, makeCapture({ probes: ran('valid-calls', calls) })).findings).toHaveLength(1);
});
