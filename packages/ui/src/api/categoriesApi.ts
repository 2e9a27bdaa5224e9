import type { EndpointCaller } from './endpointClient';

/** Categories (docs/product.md §7): anyone reads them (src/taxonomy/useTags.ts), operators write them (403 for members). */
export function createCategoriesApi(call: EndpointCaller) {
  return {
    create: (input: { name: string; level: number; order: number }) => call('categories.create', { body: input }),
    update: (id: number, input: { name?: string; level?: number; order?: number }) => call('categories.update', { params: { id }, body: input }),
    remove: (id: number) => call('categories.remove', { params: { id } }),
  };
}

export type CategoriesApi = ReturnType<typeof createCategoriesApi>;
