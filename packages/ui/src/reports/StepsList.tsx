import { type ReportStepItem, REPORT_DETAIL_TEXTS } from '@hiraku/shared';

const t = REPORT_DETAIL_TEXTS;

/** The play steps in order; the number comes from the list itself so it always runs 1, 2, 3... */
export function StepsList({ steps }: { steps: readonly ReportStepItem[] }) {
  if (steps.length === 0) return <p className="report-detail__none">{t.noSteps}</p>;
  return (
    <ol className="steps-list">
      {steps.map((step, index) => (
        <li key={`${index}-${step.stepNumber}`} className="steps-list__item">
          <span className="steps-list__number" aria-hidden="true">
            {index + 1}
          </span>
          <div className="steps-list__body">
            <span className="visually-hidden">{t.stepNumber(index + 1)}</span>
            <p className="steps-list__text">{step.action}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
