// Which images of the page zoom on click: those of its content, as on Mintlify, but not
// an image that is a link or part of one (a card, a tile, a GitHub card), an icon, nor
// one that opts out with `noZoom` (on the image, or on the <Frame> around it).

/** What makes an image part of something that does its own thing on click. */
const NOT_ZOOMED_INSIDE = 'a, button, summary, .card-box, .tile, .github-repo, [data-no-zoom], [nozoom]';

export function zoomableImages(root: ParentNode): HTMLImageElement[] {
  return [...root.querySelectorAll<HTMLImageElement>('#content-area .content img')].filter(
    (image) => !image.classList.contains('icon') && !image.closest(NOT_ZOOMED_INSIDE),
  );
}
