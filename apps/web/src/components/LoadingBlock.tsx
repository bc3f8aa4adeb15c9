import { Skeleton, type SkeletonProps, VisuallyHidden } from '@mantine/core';

/**
 * A placeholder the size of what is loading, with words for screen readers. The words are hidden
 * text beside a hidden skeleton: a plain div may not carry a label (ARIA prohibits it there), so a
 * labelled skeleton is read as nothing and fails the accessibility check. aria-busy (a global
 * attribute) marks the place as loading: the scenarios' accessibility check does not ask a page
 * still loading for its title.
 */
export function LoadingBlock({ label, ...skeleton }: SkeletonProps & { label: string }) {
  return (
    <div aria-busy="true">
      <Skeleton {...skeleton} aria-hidden />
      <VisuallyHidden>{label}</VisuallyHidden>
    </div>
  );
}
