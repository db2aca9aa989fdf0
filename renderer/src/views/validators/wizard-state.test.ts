import { describe, expect, it } from 'vitest';
import { loadOf, type QueryLike } from './wizard-state';

const query = (q: Partial<QueryLike<string>>): QueryLike<string> => ({
  status: 'pending',
  fetchStatus: 'idle',
  data: undefined,
  error: null,
  isPlaceholderData: false,
  ...q,
});

describe('a query as the steps read it', () => {
  it('is idle until asked, loading while the first answer comes, then done', () => {
    expect(loadOf(query({}))).toEqual({ status: 'idle' });
    expect(loadOf(query({ fetchStatus: 'fetching' }))).toEqual({ status: 'loading' });
    expect(loadOf(query({ status: 'success', data: 'a' }))).toEqual({ status: 'done', data: 'a' });
  });

  it('keeps an answer shown as done while it is refreshed in the background', () => {
    expect(loadOf(query({ status: 'success', fetchStatus: 'fetching', data: 'a' }))).toEqual({ status: 'done', data: 'a' });
  });

  it('is loading, with the previous answer, while a placeholder stands in for a new one', () => {
    expect(loadOf(query({ status: 'success', fetchStatus: 'fetching', data: 'old', isPlaceholderData: true }))).toEqual({
      status: 'loading',
      data: 'old',
    });
    expect(loadOf(query({ status: 'success', data: 'old', isPlaceholderData: true }))).toEqual({ status: 'idle' });
  });

  it('says why it failed, and is loading again while it is retried', () => {
    const error = new Error('list.json is damaged');
    expect(loadOf(query({ status: 'error', error }))).toEqual({ status: 'error', message: 'list.json is damaged' });
    expect(loadOf(query({ status: 'error', error, fetchStatus: 'fetching' }))).toEqual({ status: 'loading' });
  });
});
