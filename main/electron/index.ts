// Placeholder replaced by the Electron shell.
export {};
