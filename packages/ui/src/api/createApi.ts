import { createApiClient, type ApiClientOptions } from './apiClient';
import type { Api } from './ApiContext';
import { createAuthApi } from './authApi';

export function createApi(options: ApiClientOptions): Api {
  const client = createApiClient(options);
  return { client, auth: createAuthApi(client) };
}
