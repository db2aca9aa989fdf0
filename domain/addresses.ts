import { fail, type Check } from './result';

export function checkContract(_coinId: number, _contract: string): Check<string> {
  return fail('not-implemented', 'contract validation is being implemented');
}

export function checkAddress(_coinId: number, _address: string): Check<string> {
  return fail('not-implemented', 'address validation is being implemented');
}
