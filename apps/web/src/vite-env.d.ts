/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the API lives when it is not the origin that served the page; unset means same origin. */
  readonly VITE_API_BASE_URL?: string;
}
