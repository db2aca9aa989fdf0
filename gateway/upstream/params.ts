import { normalizeCoinId } from '../../domain/index';
import { invalid } from '../dataset/errors';

/**
 * Reading REST parameters strictly: unknown or repeated query parameters and wrong body field
 * types are 400s that name the parameter, so a client bug shows up at once.
 */
export class QueryParams {
  constructor(
    private readonly params: URLSearchParams,
    allowed: readonly string[],
  ) {
    for (const key of new Set(params.keys())) {
      if (!allowed.includes(key)) {
        throw invalid(
          'unknown_parameter',
          `Unknown query parameter "${key.slice(0, 40)}"${allowed.length ? `; this endpoint takes ${allowed.join(', ')}` : '; this endpoint takes none'}.`,
        );
      }
      if (params.getAll(key).length > 1) throw invalid('repeated_parameter', `Query parameter "${key}" is given more than once.`);
    }
  }

  string(name: string, maxLength = 200): string | undefined {
    const value = this.params.get(name);
    if (value === null) return undefined;
    if (value.length === 0) throw invalid('invalid_parameter', `${name} is empty.`);
    if (value.length > maxLength) throw invalid('invalid_parameter', `${name} is longer than ${maxLength} characters.`);
    return value;
  }

  requiredString(name: string, maxLength = 200): string {
    const value = this.string(name, maxLength);
    if (value === undefined) throw invalid('missing_parameter', `Query parameter "${name}" is required.`);
    return value;
  }

  int(name: string, min: number, max: number): number | undefined {
    const text = this.string(name, 12);
    if (text === undefined) return undefined;
    if (!/^-?\d+$/.test(text) || Number(text) < min || Number(text) > max)
      throw invalid('invalid_parameter', `${name} must be a whole number from ${min} to ${max}.`);
    return Number(text);
  }

  bool(name: string): boolean | undefined {
    const text = this.string(name, 5);
    if (text === undefined) return undefined;
    if (text !== 'true' && text !== 'false') throw invalid('invalid_parameter', `${name} must be true or false.`);
    return text === 'true';
  }

  /** Comma-joined coin ids, aliases normalised, e.g. `60,20000714` → [60, 714]. */
  coins(name: string): number[] | undefined {
    const text = this.string(name, 400);
    return text === undefined ? undefined : parseCoinList(text, name);
  }
}

export function parseCoinList(text: string, name: string): number[] {
  const parts = text.split(',');
  if (parts.length > 50) throw invalid('invalid_parameter', `${name} lists more than 50 networks.`);
  return [
    ...new Set(
      parts.map((part) => {
        const trimmed = part.trim();
        const coin = /^\d{1,10}$/.test(trimmed) ? normalizeCoinId(Number(trimmed)) : undefined;
        if (coin === undefined)
          throw invalid(
            'unknown_network',
            `${name}: "${trimmed.slice(0, 20)}" is not a coin id the service knows (e.g. 60 Ethereum, 501 Solana).`,
          );
        return coin;
      }),
    ),
  ];
}

/** A JSON object body, field by field. */
export class BodyFields {
  private readonly body: Record<string, unknown>;

  constructor(body: unknown, allowed: readonly string[]) {
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      throw invalid('invalid_body', 'The request body must be a JSON object.');
    this.body = body as Record<string, unknown>;
    for (const key of Object.keys(this.body)) {
      if (!allowed.includes(key))
        throw invalid('unknown_field', `Unknown body field "${key.slice(0, 40)}"; this endpoint takes ${allowed.join(', ')}.`);
    }
  }

  string(name: string, maxLength = 200): string | undefined {
    const value = this.body[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') throw invalid('invalid_field', `${name} must be a string.`);
    if (value.length === 0 || value.length > maxLength) throw invalid('invalid_field', `${name} must be 1 to ${maxLength} characters.`);
    return value;
  }

  requiredString(name: string, maxLength = 200): string {
    const value = this.string(name, maxLength);
    if (value === undefined) throw invalid('missing_field', `Body field "${name}" is required.`);
    return value;
  }

  stringArray(name: string, min: number, max: number): string[] {
    const value = this.body[name];
    if (!Array.isArray(value))
      throw invalid(value === undefined ? 'missing_field' : 'invalid_field', `${name} must be an array of ${min} to ${max} strings.`);
    if (value.length < min || value.length > max)
      throw invalid('too_many_items', `${name} must list ${min} to ${max} items; got ${value.length}.`);
    value.forEach((item, i) => {
      if (typeof item !== 'string') throw invalid('invalid_field', `${name}[${i}] must be a string.`);
    });
    return value as string[];
  }
}
