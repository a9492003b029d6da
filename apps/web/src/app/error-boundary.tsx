/**
 * Error boundary that shows the 500 page (docs/product-spec.md §2) for render errors and failed lazy chunks.
 * The app wraps everything in one; the root layout wraps the page in another whose `resetKey` is the
 * path, so the header stays and navigating elsewhere recovers. A changed `resetKey` clears a shown
 * error only: the page below is not remounted (opening a listing's deep link keeps the list).
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import ServerErrorPage from '../components/server-error-page';

interface BoundaryState {
  error: unknown;
}

export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, BoundaryState> {
  state: BoundaryState = { error: null };

  componentDidUpdate(previous: { resetKey?: string }): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unhandled UI error', error, info.componentStack);
  }

  render() {
    if (this.state.error) return <ServerErrorPage />;
    return this.props.children;
  }
}
