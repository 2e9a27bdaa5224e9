import { FLAG_CATEGORIES, FLAG_CATEGORY_TEXTS, formatDateTimeJa, TRANSPARENCY_TEXTS, type TransparencyMonth } from '@hiraku/shared';
import { BackButton } from '../components/BackButton';
import { FormAlert } from '../components/forms';
import { PageTitle } from '../components/PageTitle';
import { useEndpointQuery } from '../query/endpointQuery';

const t = TRANSPARENCY_TEXTS;
const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
const monthLabel = t.monthLabel;

/** /transparency (透明性レポート, issue 21): the monthly counts of GET /api/transparency, newest month first. */
export function TransparencyPage() {
  const report = useEndpointQuery('transparency.report');
  const months = [...(report.data?.months ?? [])].reverse();
  return (
    <article className="page transparency">
      <PageTitle page={t.title} />
      <BackButton />
      <h1 className="page__title">{t.title}</h1>
      <p className="page__lead">{t.lead}</p>
      {report.isPending && <p role="status">{t.loading}</p>}
      {report.isError && <FormAlert message={t.failed} />}
      {report.data && (
        <>
          <p>
            {t.generatedAt}: <time dateTime={report.data.generatedAt}>{formatDateTimeJa(report.data.generatedAt)}</time>
          </p>
          <div className="table-scroll" tabIndex={0} role="region" aria-label={t.title}>
            <table className="transparency__table">
              <thead>
                <tr>
                  <th scope="col">{t.month}</th>
                  <th scope="col">{t.casesOpened}</th>
                  <th scope="col">{t.casesDecided}</th>
                  <th scope="col">{t.medianHours}</th>
                  <th scope="col">{t.takedownReceived}</th>
                  <th scope="col">{t.takedownInTime}</th>
                  <th scope="col">{t.suspensions}</th>
                </tr>
              </thead>
              <tbody>
                {months.map((month) => (
                  <tr key={month.month}>
                    <th scope="row">{monthLabel(month.month)}</th>
                    <td>{sum(month.casesOpened)}</td>
                    <td>{sum(month.casesDecided)}</td>
                    <td>{month.medianHoursToDecision === null ? t.none : t.hours(month.medianHoursToDecision)}</td>
                    <td>{month.takedownRequestsReceived}</td>
                    <td>{month.takedownRequestsActedOnInTime}</td>
                    <td>{month.suspensions}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {months.map((month) => (
            <CategoryBreakdown key={month.month} month={month} />
          ))}
        </>
      )}
    </article>
  );
}

function CategoryBreakdown({ month }: { month: TransparencyMonth }) {
  if (sum(month.casesOpened) + sum(month.casesDecided) === 0) return null;
  return (
    <section aria-labelledby={`breakdown-${month.month}`}>
      <h2 id={`breakdown-${month.month}`} className="section-heading">
        {monthLabel(month.month)} {t.byCategory}
      </h2>
      <div className="table-scroll" tabIndex={0} role="region" aria-labelledby={`breakdown-${month.month}`}>
        <table className="transparency__table">
          <thead>
            <tr>
              <th scope="col">{t.category}</th>
              <th scope="col">{t.opened}</th>
              <th scope="col">{t.decided}</th>
            </tr>
          </thead>
          <tbody>
            {FLAG_CATEGORIES.map((category) => (
              <tr key={category}>
                <th scope="row">{FLAG_CATEGORY_TEXTS[category].label}</th>
                <td>{month.casesOpened[category]}</td>
                <td>{month.casesDecided[category]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
