import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from './apiClient';
import type { AuthApi } from './authApi';
import type { CategoriesApi } from './categoriesApi';
import type { CommentsApi } from './commentsApi';
import type { EndpointCaller } from './endpointClient';
import type { KeywordsApi } from './keywordsApi';
import type { LikesApi } from './likesApi';
import type { ProfileApi } from './profileApi';
import type { ReportsApi } from './reportsApi';
import type { SearchApi } from './searchApi';
import type { TagsAdminApi } from './tagsAdminApi';
import type { TaxonomyApi } from './taxonomyApi';

export interface Api {
  client: ApiClient;
  /** Any declared endpoint by its key (packages/shared ENDPOINTS); the resource objects below wrap it. */
  call: EndpointCaller;
  auth: AuthApi;
  profile: ProfileApi;
  reports: ReportsApi;
  likes: LikesApi;
  comments: CommentsApi;
  taxonomy: TaxonomyApi;
  keywords: KeywordsApi;
  categories: CategoriesApi;
  tagsAdmin: TagsAdminApi;
  search: SearchApi;
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
