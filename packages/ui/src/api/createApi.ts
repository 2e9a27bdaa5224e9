import { createApiClient, type ApiClientOptions } from './apiClient';
import type { Api } from './ApiContext';
import { createAuthApi } from './authApi';
import { createCategoriesApi } from './categoriesApi';
import { createCommentsApi } from './commentsApi';
import { createKeywordsApi } from './keywordsApi';
import { createLikesApi } from './likesApi';
import { createProfileApi } from './profileApi';
import { createReportsApi } from './reportsApi';
import { createSearchApi } from './searchApi';
import { createTagsAdminApi } from './tagsAdminApi';
import { createTaxonomyApi } from './taxonomyApi';

export function createApi(options: ApiClientOptions): Api {
  const client = createApiClient(options);
  return {
    client,
    auth: createAuthApi(client),
    profile: createProfileApi(client),
    reports: createReportsApi(client),
    likes: createLikesApi(client),
    comments: createCommentsApi(client),
    taxonomy: createTaxonomyApi(client),
    keywords: createKeywordsApi(client),
    categories: createCategoriesApi(client),
    tagsAdmin: createTagsAdminApi(client),
    search: createSearchApi(client),
  };
}
