/**
 * What a card's buttons need once the list is shown: the save button and the author line's
 * follow button, in one chunk fetched after first paint, so the two cost /reports' first
 * paint one dynamic import rather than two (its 120 KiB budget).
 */
export { SaveButton } from '../saves/SaveButton';
export { CardFollowButtonLoaded } from '../follows/CardFollowButtonLoaded';
