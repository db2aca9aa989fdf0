/** Reads secrets for `companion login`: a prompt that echoes nothing on a terminal, else plain stdin lines. */

type Input = NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };

export class InputCancelled extends Error {
  override readonly name = 'InputCancelled';
}

/** Prompts on `prompt` (stderr, so stdout stays clean) and reads one line from a TTY without echoing it. */
export function promptHidden(input: Input, prompt: NodeJS.WritableStream, label: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let value = '';
    prompt.write(label);
    input.setRawMode?.(true);
    input.setEncoding('utf8');
    input.resume();
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode?.(false);
      input.pause();
      prompt.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string | Buffer) => {
      const text = String(chunk);
      for (let i = 0; i < text.length; i++) {
        const ch = text[i] as string;
        if (ch === '\r' || ch === '\n') {
          // A paste may carry the next answer too: leave it for the next prompt.
          const rest = text.slice(i + 1).replace(/^\n/, '');
          finish();
          if (rest) input.unshift(rest);
          return;
        }
        if (ch === '\u0003') return finish(new InputCancelled('cancelled'));
        if (ch === '\u0004') return value.length === 0 ? finish(new InputCancelled('cancelled')) : finish();
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    input.on('data', onData);
  });
}

/** Reads up to `count` lines from a non-TTY stream (stopping early at end of input), without waiting for more. */
export function readLines(input: NodeJS.ReadableStream, count: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const lines: string[] = [];
    const done = () => {
      input.off('data', onData);
      input.off('end', onEnd);
      input.off('error', onError);
      input.pause();
      resolve(lines.map((l) => l.replace(/\r$/, '')));
    };
    const onData = (chunk: string | Buffer) => {
      buffer += String(chunk);
      let nl: number;
      while ((nl = buffer.indexOf('\n')) !== -1 && lines.length < count) {
        lines.push(buffer.slice(0, nl));
        buffer = buffer.slice(nl + 1);
      }
      if (lines.length >= count) done();
    };
    const onEnd = () => {
      if (buffer.length > 0 && lines.length < count) lines.push(buffer);
      done();
    };
    const onError = (error: Error) => reject(error);
    input.on('data', onData);
    input.once('end', onEnd);
    input.once('error', onError);
    input.resume();
  });
}
