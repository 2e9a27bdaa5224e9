import fs from 'node:fs';
import { z } from 'zod';
import { updateFeedUrlSchema } from './updateCheck';

const boundsSchema = z.object({ x: z.number().int(), y: z.number().int(), width: z.number().int().positive(), height: z.number().int().positive() });

const settingsSchema = z.object({
  serverOrigin: z.string().nullable().catch(null),
  windowBounds: boundsSchema.nullable().catch(null),
  maximized: z.boolean().catch(false),
  notifyNewReports: z.boolean().catch(true),
  /** Issue 38: the generic update feed (updateCheck.ts); null: the app never looks for updates. */
  updateFeedUrl: updateFeedUrlSchema.nullable().catch(null),
});

export type WindowBounds = z.infer<typeof boundsSchema>;
export type DesktopSettings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: DesktopSettings = { serverOrigin: null, windowBounds: null, maximized: false, notifyNewReports: true, updateFeedUrl: null };

export interface SettingsStore {
  get(): DesktopSettings;
  update(change: Partial<DesktopSettings>): DesktopSettings;
}

/** settings.json in the app's user-data folder; a damaged file or field falls back to its default. */
export function createSettingsStore(file: string): SettingsStore {
  let current = DEFAULT_SETTINGS;
  try {
    current = settingsSchema.parse({ ...DEFAULT_SETTINGS, ...(JSON.parse(fs.readFileSync(file, 'utf8')) as object) });
  } catch {
    // First start or a damaged file: the defaults.
  }
  return {
    get: () => current,
    update(change) {
      current = settingsSchema.parse({ ...current, ...change });
      fs.writeFileSync(file, JSON.stringify(current, null, 2), { mode: 0o600 });
      return current;
    },
  };
}
