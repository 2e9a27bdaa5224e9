import { z } from 'zod';
import { SAVES_MESSAGES } from '../../texts/saves/messages';
import {
  collectionChangeSchema,
  collectionInputSchema,
  collectionListQuerySchema,
  collectionListSchema,
  collectionOrderSchema,
  collectionRemovedSchema,
  collectionReportOrderSchema,
  orderSavedSchema,
  savedIdsSchema,
  savedPageQuerySchema,
  savedPageSchema,
  savedSearchQuerySchema,
  savedSearchResponseSchema,
  saveStateSchema,
} from '../saves';
import { endpoint } from './define';
import { idParam } from './params';

const savedReport = { params: z.object({ reportId: idParam }), notFoundMessage: SAVES_MESSAGES.reportNotFound } as const;
const collection = { params: z.object({ id: idParam }), notFoundMessage: SAVES_MESSAGES.collectionNotFound } as const;
const collectionReport = { params: z.object({ id: idParam, reportId: idParam }), notFoundMessage: SAVES_MESSAGES.collectionNotFound } as const;

/**
 * 保存 and collections: every call is about the caller's own saves, so another member's
 * collection answers 404 exactly as one that does not exist, and nothing counts saves of a report.
 */
export const SAVE_ENDPOINTS = {
  'saves.list': endpoint('saves.list', { access: 'member', query: savedPageQuerySchema, response: savedPageSchema, cache: 'private', errors: ['validation_error'] }),
  'saves.ids': endpoint('saves.ids', { access: 'member', response: savedIdsSchema, cache: 'private', errors: [] }),
  'saves.search': endpoint('saves.search', { access: 'member', query: savedSearchQuerySchema, response: savedSearchResponseSchema, cache: 'private', errors: [] }),
  'saves.add': endpoint('saves.add', { access: 'member', ...savedReport, response: saveStateSchema, rateLimit: 'saveWrite', cache: 'private', errors: ['conflict'] }),
  'saves.remove': endpoint('saves.remove', { access: 'member', ...savedReport, response: saveStateSchema, rateLimit: 'saveWrite', cache: 'private', errors: [] }),

  'collections.list': endpoint('collections.list', { access: 'member', query: collectionListQuerySchema, response: collectionListSchema, cache: 'private', errors: [] }),
  'collections.create': endpoint('collections.create', { access: 'member', body: collectionInputSchema, response: collectionChangeSchema, cache: 'private', errors: ['validation_error', 'conflict'] }),
  'collections.rename': endpoint('collections.rename', { access: 'member', ...collection, body: collectionInputSchema, response: collectionChangeSchema, cache: 'private', errors: ['validation_error', 'conflict'] }),
  'collections.remove': endpoint('collections.remove', { access: 'member', ...collection, response: collectionRemovedSchema, cache: 'private', errors: [] }),
  'collections.reorder': endpoint('collections.reorder', { access: 'member', body: collectionOrderSchema, response: orderSavedSchema, cache: 'private', errors: ['validation_error', 'conflict'] }),
  'collections.reports': endpoint('collections.reports', { access: 'member', ...collection, query: savedPageQuerySchema, response: savedPageSchema, cache: 'private', errors: ['validation_error'] }),
  'collections.addReport': endpoint('collections.addReport', { access: 'member', ...collectionReport, response: collectionChangeSchema, rateLimit: 'saveWrite', cache: 'private', errors: ['conflict'] }),
  'collections.removeReport': endpoint('collections.removeReport', { access: 'member', ...collectionReport, response: collectionChangeSchema, rateLimit: 'saveWrite', cache: 'private', errors: [] }),
  'collections.reorderReports': endpoint('collections.reorderReports', { access: 'member', ...collection, body: collectionReportOrderSchema, response: orderSavedSchema, cache: 'private', errors: ['validation_error', 'conflict'] }),
};
