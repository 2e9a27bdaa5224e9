export { ApiError, errorMessage, isApiError, type ApiErrorCode } from './apiError';
export { createApiClient, SESSION_PATHS, type ApiClient, type ApiClientOptions, type QueryValue, type RequestOptions } from './apiClient';
export { createAuthApi, type AuthApi } from './authApi';
export { ApiProvider, useApi, type Api } from './ApiContext';
export { createApi } from './createApi';
export type { HttpMethod, UploadProgress } from './transport';
