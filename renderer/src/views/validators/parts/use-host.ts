import { useEffect, useState } from 'react';
import { useApi } from '../../../app/api-context';

/** Which host runs the app: the Browse button exists only in the desktop app. */
export function useHost(): 'electron' | 'browser' | undefined {
  const api = useApi();
  const [host, setHost] = useState<'electron' | 'browser'>();
  useEffect(() => {
    let alive = true;
    api.app.info().then(
      (info) => alive && setHost(info.host),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [api]);
  return host;
}
