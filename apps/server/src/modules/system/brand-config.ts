import { readFileSync, statSync } from 'node:fs';
import { BrandConfigSchema, type BrandConfig } from '@app/contract';

/**
 * The brand config file, validated. It is re-read when its modification time changes (checked at
 * most once a second), so an operator edits it without a restart or a rebuild; an edit that fails
 * validation is refused and the last good config stays.
 */
export class BrandConfigStore {
  private config: BrandConfig;
  private mtimeMs: number;
  private checkedAt = 0;
  readonly path: string;
  private readonly onInvalid: (message: string) => void;

  constructor(path: string, onInvalid: (message: string) => void = () => undefined) {
    this.path = path;
    this.onInvalid = onInvalid;
    this.config = BrandConfigStore.read(path);
    this.mtimeMs = statSync(path).mtimeMs;
  }

  static read(path: string): BrandConfig {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(path, 'utf8'));
    } catch (err) {
      throw new Error(`Brand config ${path} cannot be read: ${(err as Error).message}`, { cause: err });
    }
    const parsed = BrandConfigSchema.safeParse(raw);
    if (!parsed.success) {
      const issues = parsed.error.issues
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('; ');
      throw new Error(`Brand config ${path} is invalid: ${issues}`);
    }
    return parsed.data;
  }

  get(): BrandConfig {
    const now = Date.now();
    if (now - this.checkedAt >= 1000) {
      this.checkedAt = now;
      try {
        const mtime = statSync(this.path).mtimeMs;
        if (mtime !== this.mtimeMs) {
          this.mtimeMs = mtime;
          this.config = BrandConfigStore.read(this.path);
        }
      } catch (err) {
        this.onInvalid((err as Error).message);
      }
    }
    return this.config;
  }
}
