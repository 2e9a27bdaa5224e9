import fs from 'node:fs';
import path from 'node:path';
import { RAW_RESULTS_FILE } from './config';

/**
 * Raw figures of the latest run, merged phase by phase into results.json, so one phase can be re-run
 * without repeating the others (RESULTS.md is rendered from this file).
 */
export type RawResults = Record<string, unknown>;

export function readRawResults(): RawResults {
  if (!fs.existsSync(RAW_RESULTS_FILE)) return {};
  return JSON.parse(fs.readFileSync(RAW_RESULTS_FILE, 'utf8')) as RawResults;
}

export function saveRawResults(patch: RawResults): RawResults {
  const merged = { ...readRawResults(), ...patch };
  fs.mkdirSync(path.dirname(RAW_RESULTS_FILE), { recursive: true });
  fs.writeFileSync(RAW_RESULTS_FILE, `${JSON.stringify(merged, null, 2)}\n`);
  return merged;
}
