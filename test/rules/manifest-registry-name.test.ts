import { describe } from 'vitest';
import rule from '../../rules/manifest-registry-name.js';
import { bundleManifest, manifestCapture, serverJson } from '../helpers/manifest.js';
import { ruleTester } from '../helpers/rule-tester.js';

const named = (name: string) => () => manifestCapture(serverJson({ name }));

describe('manifest-registry-name', () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts io.github.<user>/<server>', capture: named('io.github.mcplint/bookstore') },
      { name: 'accepts a reversed domain', capture: named('com.example.tools/bookstore') },
      {
        name: 'leaves an MCPB manifest alone (bundles have no registry name)',
        capture: () => manifestCapture(bundleManifest({ name: 'bookstore' })),
      },
      { name: 'leaves two slashes to the schema rule, whose pattern says the same', capture: named('io.github.mcplint/book/store') },
    ],
    invalid: [
      {
        name: 'reports a namespace without a dot',
        capture: named('bookstore/catalogue'),
        findings: [{ messageId: 'notReverseDns', subject: 'server' }],
      },
      {
        name: 'reports a domain written forwards',
        capture: named('github.com/bookstore'),
        findings: [{ messageId: 'forwardDns', subject: 'server', message: /"com\.github\/bookstore"/ }],
      },
    ],
  });
});
