// First: applies the remembered colour scheme to <html> before anything renders.
import './lib/colour-mode';
import './app/frame.css';
import './app/shop.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/routes';
import { prefetchLaterCode } from './lib/after-first-load';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// The first page's code is in flight already (index.html preloads it), its data is asked for now: one
// render with the page in it.
void preloadPage(window.location.pathname, window.location.search).then(() => {
  // As a transition, React renders the first page in slices of a few milliseconds and commits it once:
  // no long task blocks a tap meanwhile (Lighthouse's TBT), and nothing shows before it is complete.
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  // The toast view and the like: into the HTTP cache once the page has loaded and rendered, not run.
  prefetchLaterCode();
});
