import { lazy, Suspense } from 'react';
import { SaveButtonView } from './SaveButtonView';

const SaveButton = lazy(() => import('./SaveButton').then((module) => ({ default: module.SaveButton })));

/**
 * The save button of a card in a list. Lists are first screens (/reports is held to 120 KiB of JavaScript
 * before first paint), so the button's logic comes in a chunk of its own; until then the card shows the
 * button as it is anyway while the member's saved ids are on their way: 保存, not yet pressable.
 */
export function CardSaveButton({ reportId }: { reportId: number }) {
  return (
    <Suspense fallback={<SaveButtonView saved={false} busy />}>
      <SaveButton reportId={reportId} />
    </Suspense>
  );
}
