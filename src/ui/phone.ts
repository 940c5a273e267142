/**
 * Whether the page is on a phone-sized screen now: the width below which student.css lays
 * a panel out in one column. Boxes that stand between the reader and the code (step
 * notes, things to try) start folded there, so the code and the variables fit one screen.
 */
export const PHONE_QUERY = '(max-width: 600px)';

/** True on a phone-sized screen (false where there is no `matchMedia`, as in the build). */
export function onPhone(): boolean {
  return typeof matchMedia === 'function' && matchMedia(PHONE_QUERY).matches;
}
