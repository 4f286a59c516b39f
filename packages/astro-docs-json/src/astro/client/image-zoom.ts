// Click-to-zoom images (zoomable-images.ts says which): a click on the image, or its button
// from the keyboard, opens a dialog with the image at its full size. The dialog is modal:
// Escape, its close button or a click anywhere closes it, and focus goes back to where it was.

let dialog: HTMLDialogElement | undefined;
let opener: HTMLElement | undefined;

function zoomDialog(): HTMLDialogElement {
  if (dialog) return dialog;
  dialog = document.createElement('dialog');
  dialog.className = 'image-zoom';
  dialog.setAttribute('aria-label', 'Enlarged image');
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'image-zoom-close';
  close.setAttribute('aria-label', 'Close');
  close.innerHTML = '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true"><path d="M6 6l12 12M18 6 6 18"/></svg>';
  const image = document.createElement('img');
  dialog.append(close, image);
  // A click on the image or around it closes the dialog, as a click on its button does.
  dialog.addEventListener('click', () => dialog!.close());
  dialog.addEventListener('close', () => {
    image.removeAttribute('src');
    opener?.focus();
  });
  document.body.append(dialog);
  return dialog;
}

function open(source: HTMLImageElement, from: HTMLElement) {
  const zoom = zoomDialog();
  const image = zoom.querySelector('img')!;
  image.src = source.currentSrc || source.src;
  image.alt = source.alt;
  opener = from;
  zoom.showModal();
  zoom.querySelector<HTMLButtonElement>('.image-zoom-close')!.focus();
}

/**
 * A click on the image zooms it. For the keyboard, a button follows each image, shown when
 * it has focus: the image stays an image to assistive technology, and where it sits in the
 * page's layout is left as it was.
 */
export function enableZoom(images: readonly HTMLImageElement[]) {
  for (const image of images) {
    image.dataset.zoom = '';
    image.addEventListener('click', () => open(image, image));
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'image-zoom-button';
    button.setAttribute('aria-haspopup', 'dialog');
    button.textContent = image.alt ? `Enlarge image: ${image.alt}` : 'Enlarge image';
    button.addEventListener('click', () => open(image, button));
    image.after(button);
  }
}
