import { Component, type ReactNode } from 'react';
import { releaseShell } from './shell/release';

/** Props of {@link ErrorBoundary}. */
export interface ErrorBoundaryProps {
  /** What failed, for the message (e.g. "this panel"). */
  what: string;
  children: ReactNode;
}

/**
 * Keeps a rendering error inside one part of the page: the part shows what
 * went wrong and can be tried again, the rest of the lesson keeps working.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch() {
    // The app shows this error: the prerendered article must not hide it.
    releaseShell();
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="error-card" role="alert" data-testid="render-error">
        <strong>
          {this.props.what}: {error.name}: {error.message}
        </strong>{' '}
        <button type="button" onClick={() => this.setState({ error: null })}>
          ↻
        </button>
      </div>
    );
  }
}
