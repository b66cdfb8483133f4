// Debian's Chromium, as every benchmark starts it: no browser is ever downloaded here, and these
// flags keep it from reaching the network on its own or being slowed by a sandbox it cannot have.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
