export { tagCreateSchema, tagPopularitySchema, tagUpdateSchema } from '@hiraku/shared';
