import { resolve } from 'node:path';
import { repoRoot } from '../config.ts';

export const TEMPLATE_PATH = resolve(repoRoot, '.tmp/pglite-template.tar.gz');

/** A connection string for `url`'s server and a database of its own named `name`. */
export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
