import { Component, type ReactNode } from 'react';

/**
 * Shows `fallback` when loading the public site's content failed (the global handler has told
 * the user): the pages that wait for the content (usePublicSiteSuspense) show without it then.
 * A function fallback is given the error, to tell "no event yet" from a failure.
 */
export class WithoutContentOnError extends Component<
  { children: ReactNode; fallback: ReactNode | ((error: unknown) => ReactNode) },
  { failed: boolean; error: unknown }
> {
  override state = { failed: false, error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const { fallback } = this.props;
    return typeof fallback === 'function' ? fallback(this.state.error) : fallback;
  }
}
