import { Component, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router';
import { reloadPage } from '../lib/reload-page';

/** A page's chunk failed to load (often a new release replaced it) or the page crashed while rendering. */
export function RouteError({ error }: { error: unknown }) {
  const chunkMissing = error instanceof TypeError && /dynamically imported module|import/i.test(error.message);
  // Plain elements (app/frame.css): the view must show even when no chunk (MUI's included) can load.
  return (
    <div role="alert" className="ls-stack-page">
      <h1 className="ls-h1">{chunkMissing ? 'Không tải được trang' : 'Đã có lỗi xảy ra'}</h1>
      <p className="ls-body1">
        {chunkMissing
          ? 'Có thể shop vừa cập nhật phiên bản mới. Vui lòng tải lại trang.'
          : 'Xin lỗi, trang này gặp sự cố. Vui lòng tải lại trang hoặc quay lại sau.'}
      </p>
      <button type="button" className="ls-button ls-button-contained" onClick={reloadPage}>
        Tải lại trang
      </button>
    </div>
  );
}

interface BoundaryProps {
  location: Location;
  children: ReactNode;
}

interface BoundaryState {
  /** Boxed, so that even a thrown `undefined` counts as an error. */
  caught: { error: unknown } | null;
  location: Location;
}

/** What `errorElement` did in a data router: catches, shows RouteError, starts over on the next navigation. */
class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { caught: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { caught: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    // Any navigation (another page, Back, the same address again) gives the page a fresh try.
    return props.location === state.location ? null : { caught: null, location: props.location };
  }

  override render() {
    return this.state.caught ? <RouteError error={this.state.caught.error} /> : this.props.children;
  }
}

/**
 * Shows RouteError in place of its children when they throw while rendering, including a lazy page
 * whose chunk cannot be loaded. Resets when the location changes.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <Boundary location={location}>{children}</Boundary>;
}
