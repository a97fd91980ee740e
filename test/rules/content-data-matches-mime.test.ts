import rule from '../../rules/content-data-matches-mime.js';
import { makeCapture } from '../helpers/capture.js';
import { call, ran, result, toolCall } from '../helpers/probes.js';
import { ruleTester } from '../helpers/rule-tester.js';

const b64 = (...bytes: number[]) => Buffer.from(bytes).toString('base64');
const PNG = b64(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d);
const JPEG = b64(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1);
const WAV = Buffer.from('RIFF\u0024\u0000\u0000\u0000WAVEfmt ', 'latin1').toString('base64');
const image = (mimeType: string, data: string) => ({ type: 'image', mimeType, data });
/** tools/call results keep only their view in the record; the raw result is given directly here. */
const tool = (content: unknown[]) => ran('valid-calls', [toolCall('t', {}, result({ content }))]);

ruleTester(rule).run({
  valid: [
    {
      name: 'bytes match their declared type, whatever the case or parameters of the MIME type',
      capture: () =>
        makeCapture({
          probes: {
            ...tool([image('image/png', PNG), image('IMAGE/JPEG', JPEG), { type: 'audio', mimeType: 'audio/wav; codecs=1', data: WAV }]),
            ...ran('resources-read', [
              call('resources/read', { uri: 'a://cover' }, result({ contents: [{ uri: 'a://cover', mimeType: 'image/png', blob: PNG }] })),
            ]),
          },
        }),
    },
    {
      name: 'a MIME type without a known signature is not judged',
      capture: () => makeCapture({ probes: tool([image('image/svg+xml', JPEG), image('image/x-custom', 'AAAA')]) }),
    },
    {
      name: 'data that is not base64 is left to result-schema-valid',
      capture: () => makeCapture({ probes: tool([image('image/png', 'not base64!')]) }),
    },
  ],
  invalid: [
    {
      name: 'a JPEG declared as PNG, in a tool result',
      capture: () => makeCapture({ probes: tool([{ type: 'text', text: 'x' }, image('image/png', JPEG)]) }),
      findings: [
        {
          messageId: 'mismatch',
          subject: 'tool:t',
          message: /\/content\/1 declares mimeType "image\/png", but its base64 bytes are a JPEG/,
        },
      ],
    },
    {
      name: 'unknown bytes in a prompt image and an empty blob of a resource',
      capture: () =>
        makeCapture({
          probes: {
            ...ran('prompts-get', [
              call(
                'prompts/get',
                { name: 'p' },
                result({ messages: [{ role: 'user', content: image('image/gif', b64(1, 2, 3, 4, 5, 6)) }] }),
              ),
            ]),
            ...ran('resources-read', [
              call('resources/read', { uri: 'a://s' }, result({ contents: [{ uri: 'a://s', mimeType: 'audio/mpeg', blob: '' }] })),
            ]),
          },
        }),
      findings: [
        {
          messageId: 'mismatch',
          subject: 'server',
          message: /contents of a:\/\/s: \/contents\/0 declares mimeType "audio\/mpeg", but its base64 bytes are empty/,
        },
        {
          messageId: 'mismatch',
          subject: 'server',
          message: /prompt "p": \/messages\/0\/content declares mimeType "image\/gif", but its base64 bytes do not start like a GIF/,
        },
      ],
    },
  ],
});
