import type { Handlers } from './dispatch';
import type { HostContext } from './host-context';
import { PRODUCT_NAME } from '../../domain/app-info';
import { APP_VERSION, MCP_SDK_VERSION } from '../../platform/app-version';
import { parseHttpsUrl } from './external-url';

export function appHandlers(ctx: HostContext): Pick<Handlers, 'app:info' | 'app:ping' | 'app:openExternal'> {
  return {
    'app:info': () => ({
      productName: PRODUCT_NAME,
      version: APP_VERSION,
      host: ctx.host,
      platform: process.platform,
      arch: process.arch,
      versions: {
        node: process.versions.node,
        electron: process.versions.electron,
        chrome: process.versions.chrome,
        v8: process.versions.v8,
        mcpSdk: MCP_SDK_VERSION,
      },
    }),
    'app:ping': (text) => ({ echo: text, at: Date.now() }),
    'app:openExternal': async (raw) => ({ opened: await ctx.openLink(parseHttpsUrl(raw)) }),
  };
}
