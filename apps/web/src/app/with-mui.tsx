import { lazy, type ComponentType } from 'react';

/**
 * A lazily loaded page wrapped in the MUI provider (components/ui/mui-provider.tsx): the page's chunk and the
 * provider's chunk load together, in parallel, the first time the page shows.
 */
export function lazyMuiPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  return lazy(async () => {
    const [{ default: MuiProvider }, { default: Page }] = await Promise.all([import('../components/ui/mui-provider'), load()]);
    return {
      default: function MuiPage() {
        return (
          <MuiProvider>
            <Page />
          </MuiProvider>
        );
      },
    };
  });
}
