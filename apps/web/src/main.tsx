import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders, queryClient } from './app/providers';
import { preloadSidebar } from './app/right-sidebar';
import { preloadPage } from './app/router';
import './components/ui/tokens.css';
import './app/styles.css';

/** The longest the first render waits for the page's data; past it, the page shows it loading. */
const FIRST_DATA_WAIT_MS = 1000;

// The page's chunk and the sidebar's are fetched first (the server's HTML names them, and the
// page's first API reads, so they are usually on their way already), then the page's data:
// the first render then shows the page itself, not a fallback. A chunk that fails to load is
// left to the page's error boundary. (Not a top-level await: the chunks import this one,
// which must have finished for them to run.)
const { pathname, search } = window.location;
void Promise.race([
  Promise.all([preloadPage(queryClient, pathname, search), preloadSidebar()]),
  new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS)),
])
  .catch(() => {})
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <AppProviders />
      </StrictMode>,
    ),
  );
