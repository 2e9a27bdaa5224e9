import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from './apiClient';
import type { AuthApi } from './authApi';

export interface Api {
  client: ApiClient;
  auth: AuthApi;
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
