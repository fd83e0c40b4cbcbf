import { resolve } from 'node:path';
import { repoRoot } from '../config.ts';

export const TEMPLATE_PATH = resolve(repoRoot, '.tmp/pglite-template.tar.gz');
