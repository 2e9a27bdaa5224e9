import { z } from 'zod';
import { isIdString } from '../../schemas/ids';

/** A record id in a path (`/api/reports/12`): a plain positive integer, anything else is "not found". */
export const idParam = z.string().refine(isIdString).transform(Number);
