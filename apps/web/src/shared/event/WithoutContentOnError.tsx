import { Component, type ReactNode } from 'react';

/**
 * Shows `fallback` when loading the public site's content failed (the global handler has told
 * the user): the pages that wait for the content (usePublicSiteSuspense) show without it then.
 */
export class WithoutContentOnError extends Component<
  { children: ReactNode; fallback: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
