import { useId, useMemo, useState, type FormEvent } from 'react';
import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, LineElement, PointElement, Tooltip, type ChartOptions } from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';
import { ANALYTICS_LIMITS, ANALYTICS_OTHER_PATHS, formatDateTimeJa, MODERATION_TEXTS, type AnalyticsDay } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { FormAlert } from '../components/forms';
import { PageTitle } from '../components/PageTitle';
import { useEndpointQuery } from '../query/endpointQuery';
import { DAY_METRICS, defaultRange, longDayLabel, otherViews, shortDayLabel, topPaths, totals, type DayMetric, type DayRange } from './analyticsSummary';
import { OperatorGate } from './OperatorGate';

/*
 * Chart.js is registered piece by piece (only lines, bars and their scales), and this module is loaded
 * only when an operator opens the screen: neither the members' pages nor the other operator screens
 * carry it.
 */
ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, BarElement, Tooltip, Legend);

const t = MODERATION_TEXTS.analytics;
const c = MODERATION_TEXTS.common;

/** Page routes drawn as their own lines beside the total (more would be unreadable; the table has ten). */
const CHARTED_PATHS = 3;

/*
 * Each series has its own colour and its own dash or point shape, so the lines stay apart without
 * colour too; every colour has at least 3:1 contrast against the white card.
 */
const SERIES_STYLES = [
  { color: '#6b2657', dash: [], point: 'circle' },
  { color: '#1f5f99', dash: [6, 4], point: 'rect' },
  { color: '#9a4a00', dash: [2, 3], point: 'triangle' },
  { color: '#2e6b30', dash: [10, 4, 2, 4], point: 'rectRot' },
] as const;

const ACTIVITY_METRICS = ['signUps', 'reportsPublished', 'likes', 'comments'] as const satisfies readonly DayMetric[];

/** /moderation/analytics: page views, sign-ups, reports, likes and comments per Japanese day. */
export function AnalyticsPage() {
  return (
    <OperatorGate page={MODERATION_TEXTS.titles.analytics}>
      <Analytics />
    </OperatorGate>
  );
}

function chartOptions(): ChartOptions<'line' | 'bar'> {
  const font = typeof document === 'undefined' ? undefined : getComputedStyle(document.body).fontFamily;
  return {
    responsive: true,
    maintainAspectRatio: false,
    // Numbers appearing, not moving: nothing to wait for, nothing for motion-sensitive eyes.
    animation: false,
    interaction: { mode: 'index', intersect: false },
    scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
    plugins: { legend: { position: 'bottom', labels: { usePointStyle: true, font: { family: font } } }, tooltip: { bodyFont: { family: font }, titleFont: { family: font } } },
  };
}

function Analytics() {
  const [draft, setDraft] = useState<DayRange>(() => defaultRange());
  const [range, setRange] = useState<DayRange>(draft);
  const [rangeError, setRangeError] = useState<string | null>(null);
  // Counted afresh each time the screen or a range is shown: today's numbers keep growing.
  const report = useEndpointQuery('analytics.daily', { query: range }, { staleTime: 0 });
  const days = report.data?.days ?? null;
  const loading = report.isFetching;
  const error = rangeError ?? (report.isError && !loading ? errorMessage(report.error, c.loadFailed) : null);
  const id = useId();

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) {
      setRangeError(t.rangeOrder);
      return;
    }
    setRangeError(null);
    setRange({ ...draft });
  };

  return (
    <div className="page page--wide moderation analytics">
      <PageTitle page={MODERATION_TEXTS.titles.analytics} />
      <h1 className="page__title">{MODERATION_TEXTS.titles.analytics}</h1>
      <form className="moderation__search" onSubmit={apply} aria-describedby={`${id}-hint`}>
        <fieldset className="analytics__range">
          <legend>{t.rangeLegend}</legend>
          <div className="field">
            <label htmlFor={`${id}-from`} className="field__label">
              {t.from}
            </label>
            <input id={`${id}-from`} type="date" className="field__input" value={draft.from} required onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-to`} className="field__label">
              {t.to}
            </label>
            <input id={`${id}-to`} type="date" className="field__input" value={draft.to} required onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
          </div>
          <button type="submit" className="button button--primary">
            {t.show}
          </button>
        </fieldset>
        <p id={`${id}-hint`} className="field__hint">
          {t.rangeHint}
        </p>
      </form>
      <FormAlert message={error} />
      <div role="status" className="moderation__loading">
        {loading ? c.loading : days ? `${t.shownRange(longDayLabel(range.from), longDayLabel(range.to))}（${formatDateTimeJa(report.dataUpdatedAt)}）` : ''}
      </div>
      {days && !error && <Report days={days} range={range} />}
    </div>
  );
}

function Report({ days, range }: { days: AnalyticsDay[]; range: DayRange }) {
  const sums = useMemo(() => totals(days), [days]);
  const top = useMemo(() => topPaths(days, ANALYTICS_LIMITS.topPathsShown), [days]);
  const rest = useMemo(() => otherViews(days, top), [days, top]);
  const options = useMemo(() => chartOptions(), []);
  const labels = days.map((day) => shortDayLabel(day.date));
  const from = longDayLabel(range.from);
  const to = longDayLabel(range.to);

  const pageViewSeries = [
    { label: t.allPages, data: days.map((day) => day.pageViews) },
    ...top.slice(0, CHARTED_PATHS).map(({ path }) => ({ label: path, data: days.map((day) => day.pageViewsByPath[path] ?? 0) })),
  ];
  const pageViewData = {
    labels,
    datasets: pageViewSeries.map((series, index) => {
      const style = SERIES_STYLES[index % SERIES_STYLES.length] ?? SERIES_STYLES[0];
      return {
        ...series,
        borderColor: style.color,
        backgroundColor: style.color,
        borderDash: [...style.dash],
        pointStyle: style.point,
        borderWidth: index === 0 ? 3 : 2,
        pointRadius: 3,
      };
    }),
  };
  const activityData = {
    labels,
    datasets: ACTIVITY_METRICS.map((metric, index) => ({
      label: t.metrics[metric],
      data: days.map((day) => day[metric]),
      backgroundColor: (SERIES_STYLES[index] ?? SERIES_STYLES[0]).color,
      pointStyle: (SERIES_STYLES[index] ?? SERIES_STYLES[0]).point,
    })),
  };

  return (
    <>
      <section aria-labelledby="analytics-totals" className="analytics__section">
        <h2 id="analytics-totals" className="moderation__subheading">
          {t.totalsHeading}
        </h2>
        <dl className="analytics__totals">
          {DAY_METRICS.map((metric) => (
            <div key={metric}>
              <dt>{t.metrics[metric]}</dt>
              <dd>{sums[metric].toLocaleString('ja-JP')}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="analytics-page-views" className="analytics__section">
        <h2 id="analytics-page-views" className="moderation__subheading">
          {t.pageViewsHeading}
        </h2>
        <div className="analytics__chart">
          <Line role="img" aria-label={t.chartLabel(t.pageViewsHeading, from, to)} data={pageViewData} options={options as ChartOptions<'line'>} fallbackContent={<p>{t.chartLabel(t.pageViewsHeading, from, to)}</p>} />
        </div>
        <h3 className="moderation__subheading">{t.topPathsHeading}</h3>
        {top.length === 0 ? (
          <p>{t.noPageViews}</p>
        ) : (
          <div className="analytics__table-scroll" role="region" aria-label={t.topPathsHeading} tabIndex={0}>
            <table className="analytics__table">
              <thead>
                <tr>
                  <th scope="col">{t.path}</th>
                  <th scope="col">{t.metrics.pageViews}</th>
                  <th scope="col">{t.share}</th>
                </tr>
              </thead>
              <tbody>
                {top.map(({ path, views }) => (
                  <tr key={path}>
                    <th scope="row" className="analytics__path">
                      {path}
                    </th>
                    <td>{views.toLocaleString('ja-JP')}</td>
                    <td>{sums.pageViews ? `${((views / sums.pageViews) * 100).toFixed(1)}%` : '—'}</td>
                  </tr>
                ))}
                {rest > 0 && (
                  <tr>
                    <th scope="row" className="analytics__path">
                      {ANALYTICS_OTHER_PATHS}
                    </th>
                    <td>{rest.toLocaleString('ja-JP')}</td>
                    <td>{sums.pageViews ? `${((rest / sums.pageViews) * 100).toFixed(1)}%` : '—'}</td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="analytics-activity" className="analytics__section">
        <h2 id="analytics-activity" className="moderation__subheading">
          {t.activityHeading}
        </h2>
        <div className="analytics__chart">
          <Bar role="img" aria-label={t.chartLabel(t.activityHeading, from, to)} data={activityData} options={options as ChartOptions<'bar'>} fallbackContent={<p>{t.chartLabel(t.activityHeading, from, to)}</p>} />
        </div>
      </section>

      <section aria-labelledby="analytics-table" className="analytics__section">
        <h2 id="analytics-table" className="moderation__subheading">
          {t.tableHeading}
        </h2>
        <div className="analytics__table-scroll" role="region" aria-label={t.tableRegion} tabIndex={0}>
          <table className="analytics__table">
            <thead>
              <tr>
                <th scope="col">{t.date}</th>
                {DAY_METRICS.map((metric) => (
                  <th key={metric} scope="col">
                    {t.metrics[metric]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date}>
                  <th scope="row">
                    <time dateTime={day.date}>{longDayLabel(day.date)}</time>
                  </th>
                  {DAY_METRICS.map((metric) => (
                    <td key={metric}>{day[metric].toLocaleString('ja-JP')}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
