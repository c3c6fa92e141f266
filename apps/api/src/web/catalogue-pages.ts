/**
 * Pages with catalogue data, built once per catalogue and page: a new catalogue (an admin's change) starts
 * afresh. Keys come from the catalogue (a game's id), never from the address alone, so they stay few.
 */
import type { FastifyRequest } from 'fastify';
import type { Catalogue, CatalogueCache } from '../modules/catalog/service.js';
import { withPageData, type PageData } from './page-data.js';
import { withMarkup, type PageMarkup } from './page-render.js';
import { compressPage, type Page } from './page-response.js';

/** One page of a catalogue: its cache key, the address it renders, and its data (built on first use). */
export interface CataloguePage {
  key: string;
  url: string;
  data: () => PageData;
}

export interface CataloguePagesOptions {
  catalogue: CatalogueCache;
  /** The template of a client route, with its preloads. */
  routeTemplate: (route: string) => string;
  markup: PageMarkup;
  /** The route's page without data, when the catalogue cannot be read. */
  withoutData: (route: string) => Page;
}

export function cataloguePages({ catalogue: cache, routeTemplate, markup, withoutData }: CataloguePagesOptions) {
  const built = new WeakMap<Catalogue, Map<string, Page>>();
  return async function cataloguePage(
    request: FastifyRequest,
    route: string,
    page: (catalogue: Catalogue) => CataloguePage,
  ): Promise<Page> {
    let catalogue: Catalogue;
    try {
      catalogue = await cache.current();
    } catch (error) {
      // The page still works without its data: it asks the API, which answers with the error.
      request.log.warn({ err: error }, 'catalogue unavailable: serving the page without its data');
      return withoutData(route);
    }
    let pages = built.get(catalogue);
    if (!pages) built.set(catalogue, (pages = new Map()));
    const { key, url, data } = page(catalogue);
    let result = pages.get(key);
    if (!result) {
      const pageData = data();
      const html = withMarkup(withPageData(routeTemplate(route), pageData), markup(url, pageData.responses));
      pages.set(key, (result = compressPage(html)));
    }
    return result;
  };
}
