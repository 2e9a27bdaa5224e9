import { useEffect, useRef } from 'react';
import type { CaseDecision, CaseItem } from '@hiraku/shared';
import { actionsFor, APPEAL_KEYS, isBulkAction, KEYED_ACTIONS, KEYS } from './caseKeys';

/** What the queue's keys read and do; read afresh at each key press. */
export interface CaseQueueKeyState {
  items: CaseItem[];
  active: number;
  /** A decision dialog is open: the keys are its own. */
  deciding: boolean;
  /** Open cases can be claimed, selected and decided; closed ones only looked through. */
  open: boolean;
  selected: ReadonlySet<number>;
  listHasFocus: () => boolean;
  focusItem: (index: number) => void;
  toggleSelect: (index: number, range: boolean) => void;
  claim: (item: CaseItem) => Promise<void>;
  /** E: 要相談 asked (the form opens) or taken back, as the case stands. */
  escalate: (item: CaseItem) => void;
  startDeciding: (items: CaseItem[], action: CaseDecision) => void;
}

/**
 * The queue from the keyboard alone (KEYS): J/K move, C claims, E asks the admins (要相談) or takes it back, Space selects (Shift: a range), a letter
 * opens its decision for the focused case or, when cases are selected, for all of them if it is a bulk
 * decision. Letters typed into a field stay the field's.
 */
export function useCaseQueueKeys(keyState: CaseQueueKeyState): void {
  const latest = useRef(keyState);
  latest.current = keyState;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const state = latest.current;
      if (state.deciding || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, button, a, [contenteditable="true"], [role="menu"], dialog, aside')) {
        // Buttons and links keep their own Space/Enter; the letters still work from them.
        if (event.key === ' ' || !target.closest('button, a')) return;
      }
      const key = event.key.toLowerCase();
      if (key === KEYS.next || key === KEYS.previous) {
        event.preventDefault();
        state.focusItem(state.listHasFocus() ? state.active + (key === KEYS.next ? 1 : -1) : state.active);
        return;
      }
      const item = state.items[state.active];
      if (!item || !state.open) return;
      if (event.key === ' ') {
        event.preventDefault();
        state.toggleSelect(state.active, event.shiftKey);
        return;
      }
      if (key === KEYS.claim) {
        event.preventDefault();
        void state.claim(item);
        return;
      }
      if (key === KEYS.escalate) {
        event.preventDefault();
        state.escalate(item);
        return;
      }
      const action =
        KEYED_ACTIONS.find((name) => KEYS[name] === key) ?? (Object.keys(APPEAL_KEYS) as (keyof typeof APPEAL_KEYS)[]).find((name) => APPEAL_KEYS[name] === key);
      if (!action) return;
      const chosen = state.items.filter((entry) => state.selected.has(entry.id));
      if (chosen.length > 0) {
        if (!isBulkAction(action)) return;
        event.preventDefault();
        state.startDeciding(chosen, action);
      } else if (actionsFor(item).includes(action)) {
        event.preventDefault();
        state.startDeciding([item], action);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
