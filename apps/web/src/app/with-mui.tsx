import type { ComponentType } from 'react';
import { lazyComponent, lazyWithMui, type LazyComponent } from '../components/ui/lazy-component';

/** A page loaded on demand, which can also be loaded ahead (main.tsx does for the first page). */
export type LazyPage = LazyComponent<object>;

/** A page built with plain elements (app/frame.css, app/shop.css): its chunk alone. */
export const lazyPage = (load: () => Promise<{ default: ComponentType }>): LazyPage => lazyComponent<object>(load);

/**
 * A page built with MUI, wrapped in the MUI provider (components/ui/mui-provider.tsx): the page's chunk and
 * the provider's chunk load together, in parallel, the first time the page shows.
 */
export const lazyMuiPage = (load: () => Promise<{ default: ComponentType }>): LazyPage => lazyWithMui<object>(load);
