/** Hidden-character and whitespace checks for names, descriptions and notes. */
import { finding, type Finding, type FindingPlace } from './findings';

const CONTROL = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;
const ZERO_WIDTH = /[\u00ad\u180e\u200b-\u200f\u2060-\u2064\ufeff]/gu;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;

const NAMES: Record<string, string> = {
  '\u0009': 'a tab',
  '\u000a': 'a line break',
  '\u000d': 'a carriage return',
  '\u00ad': 'a soft hyphen',
  '\u200b': 'a zero-width space',
  '\u200c': 'a zero-width non-joiner',
  '\u200d': 'a zero-width joiner',
  '\u200e': 'a left-to-right mark',
  '\u200f': 'a right-to-left mark',
  '\u2060': 'a word joiner',
  '\ufeff': 'a zero-width no-break space',
};

function describeChar(ch: string): string {
  const code = `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return NAMES[ch] ? `${NAMES[ch]} (${code})` : `an invisible character (${code})`;
}

function where(text: string, index: number): string {
  const before = text.slice(Math.max(0, index - 12), index).trimStart();
  return before ? `after "${before}"` : 'at the start';
}

/** A zero-width joiner between two pictographs is how emoji like 👩‍💻 are built. */
function isEmojiJoiner(text: string, index: number): boolean {
  if (text[index] !== '\u200d') return false;
  const before = [...text.slice(0, index).replace(/\ufe0f$/u, '')].at(-1) ?? '';
  const after = [...text.slice(index + 1)][0] ?? '';
  return PICTOGRAPH.test(before) && PICTOGRAPH.test(after);
}

/** Findings for one text field; `label` is how a person names it ("The name", "The description"). */
export function checkText(text: string, label: string, place: FindingPlace): Finding[] {
  const out: Finding[] = [];
  const control = CONTROL.exec(text);
  if (control) {
    out.push(
      finding(
        'text-control-characters',
        place,
        `${label} contains ${describeChar(control[0])} ${where(text, control.index)}. Keep it on one line of plain text and remove the character.`,
      ),
    );
  }
  let emojiJoiner = false;
  for (const m of text.matchAll(ZERO_WIDTH)) {
    if (isEmojiJoiner(text, m.index)) {
      emojiJoiner = true;
      continue;
    }
    out.push(
      finding(
        'text-zero-width',
        place,
        `${label} contains ${describeChar(m[0])} ${where(text, m.index)}. It cannot be seen but changes how the text matches and sorts; delete it (retype the text around it).`,
      ),
    );
    break;
  }
  if (emojiJoiner) {
    out.push(
      finding(
        'text-emoji-joiner',
        place,
        `${label} contains a zero-width joiner inside an emoji. That is how combined emoji are made; nothing to fix if the emoji is intended.`,
      ),
    );
  }
  if (text.trim() !== text && text.trim() !== '') {
    out.push(finding('text-whitespace', place, `${label} starts or ends with spaces. Remove them.`));
  }
  return out;
}
