import { Component, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { reloadPage } from '../lib/reload-page';

/** A page's chunk failed to load (often a new release replaced it) or the page crashed while rendering. */
export function RouteError({ error }: { error: unknown }) {
  const chunkMissing = error instanceof TypeError && /dynamically imported module|import/i.test(error.message);
  return (
    <Stack role="alert" spacing={2} sx={{ alignItems: 'flex-start', py: 6 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {chunkMissing ? 'Không tải được trang' : 'Đã có lỗi xảy ra'}
      </Typography>
      <Typography color="text.secondary">
        {chunkMissing
          ? 'Có thể shop vừa cập nhật phiên bản mới. Vui lòng tải lại trang.'
          : 'Xin lỗi, trang này gặp sự cố. Vui lòng tải lại trang hoặc quay lại sau.'}
      </Typography>
      <Button variant="contained" onClick={reloadPage}>
        Tải lại trang
      </Button>
    </Stack>
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
