/** A subject as the first words of a message: `Tool "x"`, `Prompt "x"`, `Server`. */
import type { Subject } from '../../src/engine/rule.js';

export function subjectInWords(subject: Subject): string {
  switch (subject.kind) {
    case 'server':
      return 'Server';
    case 'transport':
      return 'Server transport';
    case 'tool':
      return `Tool "${subject.name}"`;
    case 'prompt':
      return `Prompt "${subject.name}"`;
    case 'resource':
      return `Resource "${subject.name}"`;
    case 'resourceTemplate':
      return `Resource template "${subject.name}"`;
  }
}
