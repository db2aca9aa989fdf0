import { ServiceError } from './service-error';

/** Only absolute https URLs leave the app; anything else (file:, javascript:, http:) is refused. */
export function parseHttpsUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ServiceError('invalid_url', `"${raw.slice(0, 100)}" is not a valid web address.`);
  }
  if (url.protocol !== 'https:') {
    throw new ServiceError('insecure_url', `Only https:// links can be opened; refused ${url.protocol} link.`);
  }
  if (url.username || url.password) {
    throw new ServiceError('invalid_url', 'Links with embedded user names or passwords are refused.');
  }
  return url;
}
