import type { CategoryItem, CategoryMutationResponse, MessageResponse } from '@hiraku/shared';
import type { ApiClient } from './apiClient';

const categoryPath = (id: number) => `/api/categories/${encodeURIComponent(String(id))}`;

/** Categories (SPEC.md section 7): anyone reads them, operators write them (403 for members). */
export function createCategoriesApi(client: ApiClient) {
  return {
    list: (signal?: AbortSignal) => client.get<CategoryItem[]>('/api/categories', { signal }),
    create: (input: { name: string; level: number; order: number }) => client.post<CategoryMutationResponse>('/api/categories', input),
    update: (id: number, input: { name?: string; level?: number; order?: number }) => client.put<CategoryMutationResponse>(categoryPath(id), input),
    remove: (id: number) => client.delete<MessageResponse>(categoryPath(id)),
  };
}

export type CategoriesApi = ReturnType<typeof createCategoriesApi>;
