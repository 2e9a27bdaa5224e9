export { categoryCreateSchema, categoryUpdateSchema } from '@hiraku/shared';
