import { z } from 'zod';

/**
 * Response shapes of the account and session calls, shared by the server's presenters and the UI
 * client. Each type is the output of its schema (the endpoint map checks answers against the schema), so
 * a field cannot be added to one and not the other.
 */

const roleSchema = z.enum(['member', 'operator', 'admin']);

export const sessionUserSchema = z.object({
  publicId: z.string(),
  tutorial: z.boolean(),
  role: roleSchema,
  /** Two-factor sign-in is on; operators without it are sent to set it up (operator endpoints answer 403). */
  twoFactor: z.boolean(),
});
export type SessionUser = z.output<typeof sessionUserSchema>;

export const loginResponseSchema = sessionUserSchema.extend({ message: z.string() });
export type LoginResponse = z.output<typeof loginResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.output<typeof messageResponseSchema>;
