// First: it starts fetching the first page's chunk (and the dashboard's data) before the rest of the
// entry runs. (A bare import, so that import sorting keeps it first.)
import './app/preload-first-page';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { appQueryClient } from './app/preload-first-page';
import { takeEarlyTaps } from './lib/early-taps';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App queryClient={appQueryClient} />
  </StrictMode>
);

// '/' arrives with the landing page prerendered in index.html (prerender.tsx): React adopts that HTML
// instead of building it again. Every other page (app.html) starts empty and is rendered here.
// Inside a transition the first render yields to the browser every few milliseconds instead of
// holding the main thread for the whole tree, which on a slow phone was one long task.
// A tap that came before this script (a prerendered button has no handler until now) is handed to
// its component, which answers it once hydrated (lib/early-taps.ts).
takeEarlyTaps();
startTransition(() => {
  if (root.firstElementChild) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
