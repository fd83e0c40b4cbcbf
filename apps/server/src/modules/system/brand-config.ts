import { readFileSync, statSync } from 'node:fs';
import { type backoffice, BrandConfigSchema, type BrandConfig } from '@app/contract';

type BrandSettings = backoffice.BrandSettings;

/** Where the operator's brand settings come from (the system snapshot, decision 040). */
export interface BrandSettingsSource {
  /** The settings as stored, reloaded after a change notice (decision 003). */
  brandSettings(): Promise<Partial<BrandSettings>>;
  /** The same at once when loaded, else undefined (a reload is under way). */
  loadedBrandSettings(): Partial<BrandSettings> | undefined;
}

/** The editable settings as a brand config states them. */
export function brandSettingsOf(config: BrandConfig): BrandSettings {
  return {
    brandName: config.brandName,
    defaultLang: config.defaultLang,
    supportLanguages: [...config.supportLanguages],
    currencySymbol: config.currency.symbol,
    loginedToHomePage: config.loginedToHomePage,
    chatHeaderColor: config.chatHeaderColor,
  };
}

/** The file's config with the operator's settings over it. */
export function withBrandSettings(config: BrandConfig, over: Partial<BrandSettings>): BrandConfig {
  const { currencySymbol, ...rest } = over;
  return {
    ...config,
    ...rest,
    currency: { ...config.currency, ...(currencySymbol !== undefined ? { symbol: currencySymbol } : {}) },
  };
}

/**
 * The brand config: the file (validated; re-read when its modification time changes, checked at
 * most once a second, so an edit needs no restart; an edit that fails validation is refused and
 * the last good config stays), with the operator's brand settings from the database over it
 * (decision 040), read through the system snapshot and so reloaded on every instance when the
 * change feed says they changed.
 */
export class BrandConfigStore {
  private config: BrandConfig;
  private mtimeMs: number;
  private checkedAt = 0;
  readonly path: string;
  private readonly onInvalid: (message: string) => void;
  private source: BrandSettingsSource | null = null;
  /** The last settings seen (served while a reload is under way). */
  private lastOver: Partial<BrandSettings> = {};
  /** The last merge, kept while neither part changes: readers compare configs by identity. */
  private merged: { file: BrandConfig; over: Partial<BrandSettings>; config: BrandConfig } | null = null;

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

  /** Reads the operator's settings from here on (the composition root attaches the system service). */
  attach(source: BrandSettingsSource): void {
    this.source = source;
  }

  /** The file's config alone: the defaults of the editable settings, and everything else. */
  file(): BrandConfig {
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

  private merge(over: Partial<BrandSettings>): BrandConfig {
    const file = this.file();
    this.lastOver = over;
    if (this.merged?.file === file && this.merged.over === over) return this.merged.config;
    const config = Object.keys(over).length === 0 ? file : withBrandSettings(file, over);
    this.merged = { file, over, config };
    return config;
  }

  /**
   * The config now, without waiting: the settings of the loaded snapshot, or the last ones seen
   * while a reload is under way (a change is served from the next call on).
   */
  get(): BrandConfig {
    return this.merge(this.source?.loadedBrandSettings() ?? this.lastOver);
  }

  /** The config with the settings as stored now (waits for a reload after a change notice). */
  async current(): Promise<BrandConfig> {
    return this.merge(this.source ? await this.source.brandSettings() : {});
  }
}
