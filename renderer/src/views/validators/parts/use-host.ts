import { useAppInfo } from '../../../app/app-info';

/** Which host runs the app: the Browse button exists only in the desktop app. */
export function useHost(): 'electron' | 'browser' | undefined {
  return useAppInfo().data?.host;
}
