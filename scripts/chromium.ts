import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser tests drive Debian's Chromium, never a downloaded browser. When it is missing, it
 * is installed with apt when this process may (root); otherwise the run stops with the command.
 */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  const command = 'apt-get update && apt-get install -y --no-install-recommends chromium';
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`Chromium is missing; installing it: ${command}`);
    const res = spawnSync('bash', ['-c', command], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (res.status === 0 && existsSync(CHROMIUM)) return;
  }
  console.error(
    `\nThe end-to-end tests need Chromium at ${CHROMIUM}. Install it with:\n\n  sudo ${command}\n`,
  );
  process.exit(1);
}
