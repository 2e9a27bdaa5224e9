import { z } from 'zod';
import { AUTOSAVE_TEXTS } from '../../texts/autosave';
import { reportAutosaveValuesSchema } from '../../schemas/reportAutosave';
import { endpoint } from './define';
import { idParam } from './params';

const invalid = AUTOSAVE_TEXTS.invalid;

/** One report being written, as マイページ lists it; reportId is the published or saved report being edited, null for a new one. */
export const reportAutosaveSummarySchema = z.object({
  id: z.number().int(),
  reportId: z.number().int().nullable(),
  title: z.string(),
  updatedAt: z.string(),
});
export const reportAutosaveSchema = reportAutosaveSummarySchema.extend({ values: reportAutosaveValuesSchema });
export const reportAutosaveListSchema = z.object({ autosaves: z.array(reportAutosaveSummarySchema) });
export const reportAutosaveSavedSchema = z.object({ autosave: reportAutosaveSummarySchema });
export const reportAutosaveRemovedSchema = z.object({ message: z.string() });

export type ReportAutosaveSummary = z.output<typeof reportAutosaveSummarySchema>;
export type ReportAutosave = z.output<typeof reportAutosaveSchema>;

/** POST: a new report (reportId null) or the member's own report being edited, whose one autosave it replaces. */
export const reportAutosaveCreateSchema = z.object(
  { reportId: z.number({ error: invalid }).int().positive().nullable(), values: reportAutosaveValuesSchema },
  { error: invalid },
);
export const reportAutosaveUpdateSchema = z.object({ values: reportAutosaveValuesSchema }, { error: invalid });

const one = { params: z.object({ id: idParam }), notFoundMessage: AUTOSAVE_TEXTS.notFound } as const;

/** The report form's server-side autosave: each member's own, so every call is about the caller. */
export const AUTOSAVE_ENDPOINTS = {
  'autosaves.list': endpoint('autosaves.list', { access: 'member', response: reportAutosaveListSchema, cache: 'private', errors: [] }),
  'autosaves.get': endpoint('autosaves.get', { access: 'member', ...one, response: reportAutosaveSchema, cache: 'private', errors: [] }),
  'autosaves.create': endpoint('autosaves.create', {
    access: 'member',
    body: reportAutosaveCreateSchema,
    response: reportAutosaveSavedSchema,
    status: 201,
    rateLimit: 'reportAutosave',
    cache: 'private',
    errors: ['validation_error', 'conflict'],
  }),
  'autosaves.update': endpoint('autosaves.update', {
    access: 'member',
    ...one,
    body: reportAutosaveUpdateSchema,
    response: reportAutosaveSavedSchema,
    rateLimit: 'reportAutosave',
    cache: 'private',
    errors: ['validation_error'],
  }),
  'autosaves.remove': endpoint('autosaves.remove', { access: 'member', ...one, response: reportAutosaveRemovedSchema, cache: 'private', errors: [] }),
};
