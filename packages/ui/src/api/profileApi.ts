import { PROFILE_FORM_FIELDS } from '@hiraku/shared';
import type { EndpointCaller } from './endpointClient';

/** What the profile form sends; tag ids as numbers or null for "not chosen", the X id already without "@". */
export interface ProfileSaveInput {
  username: string;
  gender: number | null;
  sexualOrientation: number | null;
  role: number | null;
  twitterId: string | null;
  /** A new icon; without one the server keeps the current icon. */
  icon?: File | Blob | null;
}

function profileFormData(input: ProfileSaveInput): FormData {
  const form = new FormData();
  const f = PROFILE_FORM_FIELDS;
  form.append(f.username, input.username);
  form.append(f.gender, input.gender === null ? '' : String(input.gender));
  form.append(f.sexualOrientation, input.sexualOrientation === null ? '' : String(input.sexualOrientation));
  form.append(f.role, input.role === null ? '' : String(input.role));
  form.append(f.twitterId, input.twitterId ?? '');
  if (input.icon) form.append(f.icon, input.icon, input.icon instanceof File ? input.icon.name : 'icon');
  return form;
}

/**
 * The profile calls of docs/product.md §7 that the profile form and the report form make. The dashboard
 * and public profiles read through queries (src/query); the form's tag choices come from the tags query.
 */
export function createProfileApi(call: EndpointCaller) {
  return {
    /** Rejects with status 404 while the member has no profile yet. */
    own: (signal?: AbortSignal) => call('profile.own', {}, { signal }),
    check: (signal?: AbortSignal) => call('profile.check', {}, { signal }),
    /** Multipart (the icon travels as a file). No time limit: a large icon on a slow line may take a while. */
    save: (input: ProfileSaveInput) => call('profile.save', { body: profileFormData(input) }, { timeoutMs: null }),
    deleteImage: (publicId: string) => call('profile.deleteImage', { body: { publicId } }),
  };
}

export type ProfileApi = ReturnType<typeof createProfileApi>;
