import type { Command } from '../command';

/**
 * Command modules load on demand. Assistants spawn `companion bridge` at every launch and wait for it, so
 * when it is the command only its module loads: the others pull in registry, image and gateway code.
 * Each feature adds its module to the list below, one `import()` per module; the order is the help's.
 */
async function allCommands(): Promise<Command[]> {
  const lists = await Promise.all([
    import('./web').then((m) => [m.webCommand]),
    import('./ids').then((m) => m.idCommands),
    import('./registry').then((m) => m.registryCommands),
    import('./registry-submit').then((m) => m.registrySubmitCommands),
    import('./registry-push').then((m) => [m.registryPushCommand]),
    import('./registry-status').then((m) => [m.registryStatusCommand]),
    import('./logo').then((m) => m.logoCommands),
    import('./bridge').then((m) => [m.bridgeCommand]),
    import('./mock').then((m) => [m.mockCommand]),
    import('./record').then((m) => [m.recordToCollectionCommand]),
    import('./login').then((m) => [m.loginCommand]),
    import('./logout').then((m) => [m.logoutCommand]),
    import('./status').then((m) => [m.statusCommand]),
    import('./doctor').then((m) => [m.doctorCommand]),
    import('./github').then((m) => m.githubCommands),
    import('./github-askpass').then((m) => m.githubAskpassCommands),
    import('./gateway').then((m) => m.gatewayCommands),
    import('./clients').then((m) => m.clientsCommands),
    import('./test').then((m) => [m.testCommand]),
  ]);
  return lists.flat();
}

/**
 * `bridge` (assistants wait for it), `test` (CI runs it per job) and `doctor` (run when something is
 * already wrong, its verdict wanted at once) start with their own module only.
 */
async function loadCommands(): Promise<Command[]> {
  if (process.argv[2] === 'bridge') return [(await import('./bridge')).bridgeCommand];
  if (process.argv[2] === 'test') return [(await import('./test')).testCommand];
  if (process.argv[2] === 'doctor') return [(await import('./doctor')).doctorCommand];
  return allCommands();
}

export const commands: readonly Command[] = await loadCommands();
