import { createApiClient, type ApiClientOptions } from './apiClient';
import type { Api } from './ApiContext';
import { createAuthApi } from './authApi';
import { createCategoriesApi } from './categoriesApi';
import { createCommentsApi } from './commentsApi';
import { createEndpointCaller } from './endpointClient';
import { createKeywordsApi } from './keywordsApi';
import { createLikesApi } from './likesApi';
import { createProfileApi } from './profileApi';
import { createReportsApi } from './reportsApi';
import { createSearchApi } from './searchApi';
import { createTagsAdminApi } from './tagsAdminApi';
import { createTaxonomyApi } from './taxonomyApi';

export function createApi(options: ApiClientOptions): Api {
  const client = createApiClient(options);
  const call = createEndpointCaller(client);
  return {
    client,
    call,
    auth: createAuthApi(call),
    profile: createProfileApi(call),
    reports: createReportsApi(call),
    likes: createLikesApi(call),
    comments: createCommentsApi(call),
    taxonomy: createTaxonomyApi(call),
    keywords: createKeywordsApi(call),
    categories: createCategoriesApi(call),
    tagsAdmin: createTagsAdminApi(call),
    search: createSearchApi(call),
  };
}
