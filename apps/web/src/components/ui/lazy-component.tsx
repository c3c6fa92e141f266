/**
 * Code loaded on demand (docs/decisions/0007, 0015): pages, and the parts of a page built with MUI (forms,
 * dialogs) that its first screen does not need. Like React.lazy, with `preload`: a component whose code
 * is already loaded when it mounts renders at once, without suspending (no outline flashing in before
 * it). Which of the two a mount renders is fixed for its lifetime, so a re-render never remounts it.
 */
import { lazy, useState, type ComponentType, type FunctionComponent } from 'react';

export type LazyComponent<P extends object> = FunctionComponent<P> & {
  /** Loads the code ahead of its first render; resolves once it is there (rejects when it cannot load). */
  preload: () => Promise<void>;
};

export function lazyComponent<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A later mount may try again (a new deployment, the network back).
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(start) as unknown as ComponentType<P>;
  function Component(props: P) {
    const [Chosen] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Chosen {...props} />;
  }
  return Object.assign(Component, { preload: () => start().then(() => undefined) });
}

/**
 * A component built with MUI, loaded on demand together with the MUI provider (mui-provider.tsx), in
 * parallel, and rendered inside it.
 */
export function lazyWithMui<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyComponent<P> {
  return lazyComponent(async () => {
    const [{ default: MuiProvider }, { default: Inner }] = await Promise.all([import('./mui-provider'), load()]);
    return {
      default: function WithMui(props: P) {
        return (
          <MuiProvider>
            <Inner {...props} />
          </MuiProvider>
        );
      },
    };
  });
}
