import { DESKTOP_TEXTS } from '@hiraku/shared';
import { PageTitle } from '../components/PageTitle';

/** Holds a menu entry's place until its screen lands; says so plainly instead of showing an empty page. */
export function OperatorSlotPage({ label }: { label: string }) {
  return (
    <div className="page page--narrow coming-soon">
      <PageTitle page={label} />
      <h1 className="page__title">{label}</h1>
      <p>{DESKTOP_TEXTS.operatorMenu.comingSoon}</p>
    </div>
  );
}
