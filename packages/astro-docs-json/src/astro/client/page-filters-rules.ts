// What the page's filters show: the <View> chosen in the view menu, and the <Update>s that
// have one of the tags chosen in the changelog's filter. Pure, for page-filters.ts and
// its tests: an entry of the table of contents shows when the heading it leads to does.

export interface FilterState {
  /** The view chosen in the menu, or null on a page without views. */
  view: string | null;
  /** The tags chosen in the changelog's filter: none chosen shows every update. */
  tags: ReadonlySet<string>;
}

/** Where a heading is: in which view (the nearest), and in an update of which tags. */
export interface HeadingPlace {
  view: string | null;
  /** The tags of the update around it, or null outside any update. */
  updateTags: readonly string[] | null;
}

export function viewShown(view: string, state: FilterState): boolean {
  return state.view === null || view === state.view;
}

export function updateShown(tags: readonly string[], state: FilterState): boolean {
  return state.tags.size === 0 || tags.some((tag) => state.tags.has(tag));
}

/** Whether a heading's entry stays in the table of contents: only those of what the filters show do. */
export function tocEntryShown(place: HeadingPlace, state: FilterState): boolean {
  if (place.view !== null && !viewShown(place.view, state)) return false;
  return place.updateTags === null || updateShown(place.updateTags, state);
}
