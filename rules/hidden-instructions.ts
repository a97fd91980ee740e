import { defineRule, type Report, subjectLabel } from '../src/engine/rule.js';
import { excerpt, placeInWords, surfaceTexts } from './lib/surface.js';

type Group = 'override' | 'roleMarkup' | 'secrecy' | 'otherTools' | 'fileAccess';

/** Telling the model to drop what it was told before. */
const OVERRIDE =
  /\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+|every\s+)?(?:of\s+)?(?:the\s+|your\s+)?(?:previous|prior|above|earlier|preceding|former|original|system|safety)\s+(?:instructions?|prompts?|rules|directions|directives|guidelines|messages|context)\b/i;

/** Markup that impersonates the system or another role in a chat transcript. */
const ROLE_MARKUP =
  /<\/?\s*(?:system|sys|system[_-]?prompt|assistant|admin)\s*>|<\|\s*(?:im_start|im_end|system|assistant|endoftext)\s*\|>|\[\/?INST\]|<<\/?SYS>>/i;

/** Keeping an action from the user. */
const SECRECY =
  /\b(?:do\s+not|don'?t|never|must\s+not)\s+(?:tell|inform|notify|alert|warn|mention\s+(?:this|that|it|anything)\s+to)\s+the\s+user\b|\b(?:do\s+not|don'?t|never)\s+(?:mention|reveal|disclose)\s+(?:this|that|these|any\s+of\s+this)\b(?!\s+(?:token|key|password|secret|credential|value))|\bwithout\s+(?:telling|informing|notifying|alerting|asking)\s+the\s+user\b|\b(?:keep|hide)\s+(?:this|these|it|that)(?:\s+instructions?)?\s+(?:secret|hidden|from\s+the\s+user)\b|\bthe\s+user\s+(?:must|should)\s+(?:not|never)\s+(?:know|find\s+out|be\s+told|see\s+this|learn)\b|\b(?:do\s+not|don'?t|never)\s+(?:reveal|disclose|show|repeat)\s+(?:these|this|the(?:se)?)\s+instructions?\b/i;

/** Steering how other tools (possibly other servers') are used. */
const OTHER_TOOLS =
  /\binstead\s+of\s+(?:using|calling|invoking)\s+(?:the\s+)?[`'"]?[\w.-]+[`'"]?\s+tool\b|\bwhen(?:ever)?\b[^.!?\n]{0,60}?\btool\b[^.!?\n]{0,30}?\b(?:is|are|gets|get)\s+(?:called|used|invoked|run)\b[^.!?\n]{0,80}?\balso\b|\b(?:all|every|any)\s+(?:emails?|messages?)\s+(?:must|should)\s+(?:also\s+)?be\s+(?:sent|forwarded|copied|bcc'?d)\s+to\b/i;

/** Telling the model to read credentials or other servers' configuration… */
const SENSITIVE_FILE =
  /(?:~\/|\$HOME\/|\/home\/\w+\/|\/root\/)?\.ssh\b|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|\.aws\/credentials|(?:^|[\s'"`(/])\.env\b|\bcredentials\.json\b|\.npmrc\b|\.netrc\b|\.pgpass\b|\.git-credentials\b|\.docker\/config\.json|\.kube\/config\b|\bmcp\.json\b|\bclaude_desktop_config\.json\b|\/etc\/(?:passwd|shadow)\b|\bkeychain\b/i;
const READ_VERB = /\b(?:read|cat|open|load|include|attach|send|upload|pass|provide|copy|extract|print|paste|get)\b/i;
/** …as a side task of this tool, or to hand the content over. */
const SIDE_TASK =
  /\bbefore\s+(?:using|calling|invoking|you\s+(?:use|call))\b|\botherwise\s+(?:the\s+)?tool\s+(?:will\s+)?(?:not|fail)|\b(?:pass|send|include|put|provide)\s+(?:its|their|the|this|that)\s+(?:content|contents|text|value)s?\b|\bas\s+(?:the\s+|a\s+)?[`'"]?\w+[`'"]?\s+(?:parameter|argument|field)\b|\bsidenote\b|\bin\s+the\s+[`'"]?\w+[`'"]?\s+(?:parameter|argument|field)\b/i;

/**
 * Words (or characters) of which every pattern above needs at least one, with the same case
 * folding: a necessary condition that one cheap test checks, so most prose never meets the patterns.
 * OTHER_TOOLS's "when … tool … is called … also" needs "also".
 */
const MAY_INSTRUCT =
  /ignore|disregard|forget|override|bypass|[<[]|user|mention|reveal|disclose|keep|hide|instruction|instead|also|email|message|\.ssh|id_|\.aws\/|\.env|credentials\.json|\.npmrc|\.netrc|\.pgpass|\.git-credentials|\.docker\/|\.kube\/|mcp\.json|claude_desktop_config\.json|\/etc\/|keychain/i;

/** The most serious instruction in a text, if any (one finding per text). */
function findGroup(text: string): { group: Group; index: number; length: number } | undefined {
  if (!MAY_INSTRUCT.test(text)) return undefined;
  const file = SENSITIVE_FILE.exec(text);
  if (file) {
    // The file must be the object of a reading verb shortly before it, and the text must make it a side task.
    const lead = text.slice(Math.max(0, file.index - 80), file.index);
    if (READ_VERB.test(lead) && SIDE_TASK.test(text)) return { group: 'fileAccess', index: file.index, length: file[0].length };
  }
  const ordered: [Group, RegExp][] = [
    ['override', OVERRIDE],
    ['otherTools', OTHER_TOOLS],
    ['secrecy', SECRECY],
    ['roleMarkup', ROLE_MARKUP],
  ];
  for (const [group, pattern] of ordered) {
    const m = pattern.exec(text);
    if (m) return { group, index: m.index, length: m[0].length };
  }
  return undefined;
}

const messages = {
  override:
    '{{subject}} tells the model to ignore its previous instructions in {{where}}; a description may only describe, so remove the instruction (a prompt-injection pattern).',
  roleMarkup:
    '{{subject}} contains chat-role markup (a fake system or assistant turn) in {{where}}; a description may only describe, so remove it (a prompt-injection pattern).',
  secrecy:
    '{{subject}} tells the model to keep something from the user in {{where}}; a server must never ask the model to hide its actions, so remove the instruction.',
  otherTools:
    "{{subject}} tells the model how to use other tools in {{where}}; a tool's description may only describe that tool, since instructions about other tools (perhaps other servers') hijack them.",
  fileAccess:
    '{{subject}} tells the model to read a sensitive file (credentials, keys, client configuration) in {{where}}; remove the instruction, and take any file the tool needs as an explicit parameter.',
};

export default defineRule({
  id: 'hidden-instructions',
  category: 'security',
  basis: 'guideline',
  severity: 'error',
  precision: 'medium',
  checklist: 'none',
  // It reads every tool's texts, so each tool gets a verdict (a finding about the server's own texts fails them all).
  scoreScope: 'tools',
  summary:
    'Descriptions describe; they do not instruct the model to ignore its instructions, read secrets, hide things from the user or steer other tools.',
  references: [
    {
      title:
        'MCP spec 2025-11-25 — Security and Trust & Safety § Tool Safety: descriptions of tool behavior are untrusted unless from a trusted server',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25#tool-safety',
    },
    { title: 'Server-building guide — Privacy and Data Protection: "Provide clear information about what data is accessed"' },
    {
      title: 'Invariant Labs — MCP Security Notification: Tool Poisoning Attacks',
      url: 'https://invariantlabs.ai/blog/mcp-security-notification-tool-poisoning-attacks',
    },
  ],
  messages,
  *check({ capture, index }): Generator<Report<keyof typeof messages>> {
    for (const item of surfaceTexts(capture, index, { proseOnly: true })) {
      if (item.text.length < 12) continue;
      const hit = findGroup(item.text);
      if (!hit) continue;
      yield {
        messageId: hit.group,
        data: { subject: subjectLabel(item.subject, { capital: true }), where: placeInWords(item.subject, item.pointer) },
        subject: item.subject,
        key: item.pointer,
        evidence: excerpt(item.text, hit.index, hit.length),
      };
    }
  },
});
