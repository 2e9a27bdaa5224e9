import { createApiClient, type ApiClientOptions } from './apiClient';
import type { Api } from './ApiContext';
import { createAuthApi } from './authApi';
import { createCategoriesApi } from './categoriesApi';
import { createEndpointCaller } from './endpointClient';
import { createProfileApi } from './profileApi';
import { createReportsApi } from './reportsApi';
import { createTagsAdminApi } from './tagsAdminApi';

export function createApi(options: ApiClientOptions): Api {
  const client = createApiClient(options);
  const call = createEndpointCaller(client);
  return {
    client,
    call,
    auth: createAuthApi(call),
    profile: createProfileApi(call),
    reports: createReportsApi(call),
    categories: createCategoriesApi(call),
    tagsAdmin: createTagsAdminApi(call),
  };
}
