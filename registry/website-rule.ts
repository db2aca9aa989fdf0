/** The `website` field: a valid absolute URL, https expected. */
import { finding, type Finding, type FindingPlace } from './findings';

// A scheme counts only with "://": "example.com:8080" is a host and port without a scheme.
const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;

function hasUsableHost(url: URL): boolean {
  // A public website has a dotted host name (not "localhost", not a bare word).
  return url.hostname.includes('.') && !url.hostname.startsWith('.') && !url.hostname.endsWith('.');
}

function parse(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

export function checkWebsite(website: string, place: FindingPlace): Finding[] {
  const value = website.trim();
  const p = { ...place, field: 'website' };
  if (value === '')
    return [finding('website-invalid', p, 'The website is empty. Enter the full address, for example https://example.com.')];
  if (/\s/.test(value))
    return [finding('website-invalid', p, `The website "${website}" contains spaces. Enter a single address such as https://example.com.`)];

  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (scheme === undefined) {
    const fixed = parse(`https://${value}`);
    if (fixed && hasUsableHost(fixed)) {
      return [
        finding(
          'website-no-scheme',
          p,
          `The website "${website}" has no https:// in front. Write it as https://${value} so the wallet can open it.`,
        ),
      ];
    }
    return [
      finding(
        'website-invalid',
        p,
        `The website "${website}" is not a web address. Enter the full address, for example https://example.com.`,
      ),
    ];
  }
  if (scheme !== 'http' && scheme !== 'https') {
    const guess = /^h+t+p+s+$/.test(scheme) ? ' Did you mean "https://"?' : '';
    return [
      finding(
        'website-invalid',
        p,
        `The website "${website}" starts with "${scheme}:" instead of "https:".${guess} Write the address as https://….`,
      ),
    ];
  }
  const url = parse(value);
  if (!url || !hasUsableHost(url)) {
    return [finding('website-invalid', p, `The website "${website}" is not a complete web address. Enter it as https://example.com.`)];
  }
  if (url.username || url.password) {
    return [finding('website-invalid', p, `The website "${website}" contains a user name or password. Remove the part before "@".`)];
  }
  if (scheme === 'http') {
    return [
      finding(
        'website-not-https',
        p,
        `The website "${website}" uses plain http. Use https:// if the site supports it; browsers warn about http sites.`,
      ),
    ];
  }
  return [];
}
