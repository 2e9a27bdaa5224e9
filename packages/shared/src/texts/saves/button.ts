import { PAGE_TITLES } from '../shell';

/** The save button's two states, apart from SAVES_TEXTS (which spreads them): every card shows the button. */
export const SAVE_BUTTON_TEXTS = {
  save: '保存',
  saved: PAGE_TITLES.saved,
} as const;
