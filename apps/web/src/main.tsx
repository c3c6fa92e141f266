// First: the colour mode, which the head's script applied before the first paint, kept in step from here on.
import './lib/colour-mode';
import './app/frame.css';
import './app/shop.css';
import { afterFirstPaint, nextTask, preloadModules, writeHistoryIndex } from './lib/after-first-paint';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// The storefront's pages come rendered in their HTML (docs/decisions/0018): the browser paints them
// first; then the app's code (React, the router, the page's chunks the API names) is fetched, in
// parallel, and run, and takes the page over. An empty root (the admin console, the dev server) has
// nothing to paint: the code loads at once.
// It runs in steps, each in a task of its own: React (whose code is compiled on first use), then zod's
// core, then zod/mini, then the contracts chunk (the shared schemas, built as it runs), then the core chunk
// (vite.config.ts), then the app. Run at once they were one long task (~25 ms here, four times that on a
// phone) during which a tap waited; zod and the schemas together were the longest step (docs/decisions/0042).
const painted = root.firstElementChild !== null ? afterFirstPaint() : Promise.resolve();
void painted.then(async () => {
  preloadModules();
  // Each import names what it takes: a whole namespace would keep every export of the package.
  await import('react-dom/client').then(({ hydrateRoot }) => hydrateRoot);
  await nextTask();
  await import('zod/v4/core').then(({ $constructor }) => $constructor);
  await nextTask();
  await import('zod/mini').then(({ object }) => object);
  await nextTask();
  await import('@lucky/shared/guards').then(({ userResponse }) => userResponse);
  await nextTask();
  await import('./lib/config').then(({ config }) => config);
  await nextTask();
  writeHistoryIndex();
  await nextTask();
  const { start } = await import('./app/start');
  start(root);
});
