import { tuneBridgeProcess } from '../../bridge/process-flags';

// Imported first by the CLI entry, so `companion bridge` tunes V8 before any other module runs.
if (process.argv[2] === 'bridge') tuneBridgeProcess();
