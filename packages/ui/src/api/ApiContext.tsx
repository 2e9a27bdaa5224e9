import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from './apiClient';
import type { AuthApi } from './authApi';
import type { CategoriesApi } from './categoriesApi';
import type { EndpointCaller } from './endpointClient';
import type { ProfileApi } from './profileApi';
import type { ReportsApi } from './reportsApi';
import type { TagsAdminApi } from './tagsAdminApi';

export interface Api {
  client: ApiClient;
  /**
   * Any declared endpoint by its key (packages/shared ENDPOINTS); the resource objects below wrap it for
   * writes and imperative reads, and screens read through useEndpointQuery (src/query) on top of it.
   */
  call: EndpointCaller;
  auth: AuthApi;
  profile: ProfileApi;
  reports: ReportsApi;
  categories: CategoriesApi;
  tagsAdmin: TagsAdminApi;
}

const ApiContext = createContext<Api | null>(null);

export function ApiProvider({ api, children }: { api: Api; children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

export function useApi(): Api {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi() needs an <ApiProvider> (HirakuApp provides one).');
  return api;
}
