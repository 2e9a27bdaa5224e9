import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHirakuRouter, HirakuApp } from '@hiraku/ui';
import '@hiraku/ui/styles.css';
import { createWebPlatform } from './webPlatform';

const platform = createWebPlatform(import.meta.env.VITE_API_BASE_URL ?? '');
const router = createHirakuRouter('browser');

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <HirakuApp platform={platform} router={router} />
  </StrictMode>,
);
