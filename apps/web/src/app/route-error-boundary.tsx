import { Component, type ReactNode } from 'react';
import { RouteErrorPage } from './route-error-page';

interface Props {
  children: ReactNode;
}

/**
 * Catches a page that throws while rendering, or whose lazy chunk fails to load, and shows the
 * error page in its place, so the shell around it (the menu, the player) keeps working. The
 * shell keys it by path: another page starts without the error.
 */
export class RouteErrorBoundary extends Component<Props, { error: unknown }> {
  override state = { error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('page failed') };
  }

  override render() {
    return this.state.error === undefined ? (
      this.props.children
    ) : (
      <RouteErrorPage error={this.state.error} />
    );
  }
}
