/** The four reporters of `companion test`: pretty (people), json (scripts), junit (CI), tap (TAP 13). */
import { shortJson } from './json-compare';
import { failureLines, summarize, type RunReport } from './report';

export const REPORTERS = ['pretty', 'json', 'junit', 'tap'] as const;
export type ReporterName = (typeof REPORTERS)[number];

const MARK = { passed: '✓', failed: '✗', error: '!', skipped: '-', cancelled: '○' } as const;
const ms = (n: number | undefined) => (n === undefined ? '' : ` (${Math.round(n)} ms)`);

function summaryLine(report: RunReport): string {
  const s = summarize(report);
  const parts = [`${s.passed} passed`, `${s.failed} failed`, `${s.errors} could not run`];
  if (s.skipped) parts.push(`${s.skipped} skipped`);
  if (s.cancelled) parts.push(`${s.cancelled} cancelled`);
  if (report.eraDifferences.length) parts.push(`${s.eraDifferences} differ between eras`);
  return `${s.total} items: ${parts.join(', ')} in ${Math.round(report.durationMs)} ms`;
}

function pretty(report: RunReport): string {
  const lines: string[] = [];
  for (const c of report.collections) {
    lines.push(`${c.name} (${c.file}, era ${c.era})`);
    for (const item of c.items) {
      lines.push(`  ${MARK[item.status]} ${item.index}. ${item.name} [${item.tool}]${ms(item.durationMs)}`);
      if (item.status !== 'passed') for (const line of failureLines(item)) lines.push(`      ${line}`);
    }
    lines.push('');
  }
  if (report.eraDifferences.length > 0) {
    lines.push('Differences between the protocol eras:');
    for (const d of report.eraDifferences) {
      lines.push(`  ✗ ${d.file}, item ${d.index}. ${d.name}`);
      for (const diff of d.differences)
        lines.push(`      at ${diff.pointer || '/'}: ${shortJson(diff.expected, 80)} vs ${shortJson(diff.actual, 80)}`);
    }
    lines.push('');
  }
  lines.push(summaryLine(report));
  return `${lines.join('\n')}\n`;
}

const XML_CHARS: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
// Characters XML 1.0 cannot carry at all (control characters other than tab, newline and return).
const xml = (text: string) =>
  // eslint-disable-next-line no-control-regex
  text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '\ufffd').replace(/[&<>"']/g, (c) => XML_CHARS[c] as string);
const seconds = (n: number | undefined) => ((n ?? 0) / 1000).toFixed(3);

/** JUnit XML as Jenkins, GitLab and GitHub's test reporters read it (the Ant/Jenkins schema's elements). */
function junit(report: RunReport): string {
  const s = summarize(report);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="companion test" tests="${s.total + s.eraDifferences}" failures="${s.failed + s.eraDifferences}" errors="${s.errors}" skipped="${s.skipped + s.cancelled}" time="${seconds(report.durationMs)}">`,
  ];
  report.collections.forEach((c, i) => {
    const count = (status: string) => c.items.filter((item) => item.status === status).length;
    out.push(
      `  <testsuite name="${xml(`${c.name} [${c.era}]`)}" id="${i}" package="${xml(c.file)}" tests="${c.items.length}" failures="${count('failed')}" errors="${count('error')}" skipped="${count('skipped') + count('cancelled')}" time="${seconds(c.durationMs)}">`,
    );
    for (const item of c.items) {
      const open = `    <testcase name="${xml(`${item.index}. ${item.name}`)}" classname="${xml(`${c.file}.${item.tool}`)}" time="${seconds(item.durationMs)}"`;
      if (item.status === 'passed') {
        out.push(`${open}/>`);
        continue;
      }
      const lines = failureLines(item);
      const body =
        item.status === 'skipped' || item.status === 'cancelled'
          ? `<skipped message="${item.status}"/>`
          : `<${item.status === 'error' ? 'error' : 'failure'} message="${xml(lines[0] ?? item.status)}" type="${item.status === 'error' ? 'CouldNotRun' : 'AssertionFailed'}">${xml(lines.join('\n'))}</${item.status === 'error' ? 'error' : 'failure'}>`;
      out.push(`${open}>`, `      ${body}`, '    </testcase>');
    }
    out.push('  </testsuite>');
  });
  if (report.eraDifferences.length > 0) {
    out.push(
      `  <testsuite name="era comparison" id="${report.collections.length}" tests="${report.eraDifferences.length}" failures="${report.eraDifferences.length}" errors="0" skipped="0" time="0.000">`,
    );
    for (const d of report.eraDifferences) {
      const text = d.differences
        .map((diff) => `at ${diff.pointer || '/'}: ${shortJson(diff.expected, 80)} vs ${shortJson(diff.actual, 80)}`)
        .join('\n');
      out.push(
        `    <testcase name="${xml(`${d.index}. ${d.name}`)}" classname="${xml(`${d.file}.eras`)}" time="0.000">`,
        `      <failure message="the response differs between the protocol eras" type="EraDifference">${xml(text)}</failure>`,
        '    </testcase>',
      );
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return `${out.join('\n')}\n`;
}

/** TAP version 13: one test point per item (per era), YAML diagnostics under a failure. */
function tap(report: RunReport): string {
  const points: string[] = [];
  let n = 0;
  for (const c of report.collections) {
    for (const item of c.items) {
      n++;
      const title = `${c.file} [${c.era}] ${item.index}. ${item.name}`.replace(/#/g, '\\#');
      if (item.status === 'passed') points.push(`ok ${n} - ${title}`);
      else if (item.status === 'skipped' || item.status === 'cancelled') points.push(`ok ${n} - ${title} # SKIP ${item.status}`);
      else {
        points.push(`not ok ${n} - ${title}`, '  ---', `  tool: ${JSON.stringify(item.tool)}`, `  status: ${item.status}`, '  problems:');
        for (const line of failureLines(item)) points.push(`    - ${JSON.stringify(line)}`);
        points.push('  ...');
      }
    }
  }
  for (const d of report.eraDifferences) {
    n++;
    points.push(
      `not ok ${n} - ${d.file} ${d.index}. ${d.name}: same response in both eras`.replace(/#/g, '\\#'),
      '  ---',
      '  differences:',
    );
    for (const diff of d.differences)
      points.push(`    - ${JSON.stringify(`at ${diff.pointer || '/'}: ${shortJson(diff.expected, 80)} vs ${shortJson(diff.actual, 80)}`)}`);
    points.push('  ...');
  }
  return `TAP version 13\n1..${n}\n${points.join('\n')}${points.length ? '\n' : ''}# ${summaryLine(report)}\n`;
}

export function renderReport(report: RunReport, reporter: ReporterName): string {
  switch (reporter) {
    case 'pretty':
      return pretty(report);
    case 'json':
      return `${JSON.stringify({ summary: summarize(report), ...report }, null, 2)}\n`;
    case 'junit':
      return junit(report);
    case 'tap':
      return tap(report);
  }
}
