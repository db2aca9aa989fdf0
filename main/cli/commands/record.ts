import path from 'node:path';
import { defineCommand, UsageError } from '../command';

/** A 1-based call number. */
function callNumber(option: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^[1-9]\d{0,8}$/.test(text)) throw new UsageError(`--${option} is a call number from 1 (see --list), got "${text}".`);
  return Number(text);
}

export const recordToCollectionCommand = defineCommand({
  path: ['record', 'to-collection'],
  summary: 'Turn a recorded session into a collection of tool calls to re-run with companion test',
  usage: `companion record to-collection <recording> [--out FILE] [--force] [--from N] [--to N] [--name NAME]
                                   [--ignore POINTER]... [--exact] [--list]`,
  about: `Reads a session recorded with "companion bridge --record FILE" and makes each answered tool call
an item of a collection: the tool, its arguments, the same outcome (success, the same JSON-RPC
error code, or a tool error) and a snapshot of the answer. When a result's text only repeats its
structuredContent, the snapshot covers structuredContent. Values that change on every call are
left out of the snapshots: UUIDs (quote and step ids), date-times and timestamps, and market
figures (prices, changes, volumes, market caps, USD fees). Secret-looking values are redacted.
Calls are numbered from 1 in the order the host sent them, as --list prints them.
A recording cut off mid-line is converted up to its last complete line (a note says so).`,
  options: {
    out: {
      type: 'string',
      value: 'FILE',
      description: `Write the collection to FILE (atomically; name it *.collection.json) instead of
stdout. An existing FILE is kept unless --force`,
    },
    force: {
      type: 'boolean',
      description: 'With --out: replace an existing collection file (never a file that is not a collection, nor a link)',
    },
    from: { type: 'string', value: 'N', description: 'First call to convert, numbered from 1 (default 1)' },
    to: { type: 'string', value: 'N', description: 'Last call to convert, included (default the last)' },
    name: { type: 'string', value: 'NAME', description: 'The collection\'s name (default "Recorded session of <start time>")' },
    ignore: {
      type: 'string',
      value: 'POINTER',
      multiple: true,
      description: `A JSON Pointer into each response for the snapshots to skip, e.g.
/structuredContent/docs/*/rank ("*" is any one key or index); repeatable`,
    },
    exact: { type: 'boolean', description: 'Keep the values that change on every call in the snapshots' },
    list: { type: 'boolean', description: 'Print the numbered calls (tool, outcome, arguments) and write nothing' },
  },
  positionals: true,
  more: `Examples:
  companion record to-collection session.jsonl --list
  companion record to-collection session.jsonl --from 2 --to 5 --out swaps.collection.json
  companion test swaps.collection.json                 (against the embedded reference gateway)

Exit status: 0 when the collection was written (or listed), 2 on bad usage or a recording that
cannot be read or has no calls in the range (one line saying why). See docs/recordings.md.`,
  async run({ values, positionals }, io) {
    if (positionals.length !== 1) throw new UsageError('give one recording file, e.g. companion record to-collection session.jsonl');
    const from = callNumber('from', values.from);
    const to = callNumber('to', values.to);
    if (values.force && values.out === undefined) throw new UsageError('--force replaces the --out file; give --out FILE too.');
    const { readRecording, listCalls, collectionFromCalls, saveCollection, ConversionInputError } =
      await import('../../collections/from-recording');
    const source = path.resolve(positionals[0]!);
    try {
      const read = await readRecording(source);
      if (read.notes) io.stderr.write(`companion record to-collection: ${read.notes}\n`);
      if (values.list) {
        io.stdout.write(read.calls.length > 0 ? `${listCalls(read.calls)}\n` : '');
        io.stderr.write(`${read.calls.length} answered tool calls.\n`);
        return 0;
      }
      const { collection, count } = collectionFromCalls(read, source, {
        ...(from !== undefined ? { from } : {}),
        ...(to !== undefined ? { to } : {}),
        ...(values.name !== undefined ? { name: values.name } : {}),
        ...(values.ignore ? { ignore: values.ignore } : {}),
        ...(values.exact ? { exact: true } : {}),
      });
      if (values.out === undefined) {
        const { serializeCollection } = await import('../../../domain/collections/format');
        io.stdout.write(serializeCollection(collection));
        return 0;
      }
      await saveCollection(path.resolve(values.out), collection, values.force === true);
      io.stderr.write(`Wrote ${count} items to ${values.out}; run them with: companion test ${values.out}\n`);
      return 0;
    } catch (error) {
      if (!(error instanceof ConversionInputError)) throw error;
      io.stderr.write(`companion record to-collection: ${error.message}\n`);
      return 2;
    }
  },
});
