import { Link } from 'react-router-dom';
import { COMMON_TEXTS, TAXONOMY_TEXTS } from '@hiraku/shared';
import { PageTitle } from '../components/PageTitle';
import { PATHS } from '../routes/paths';

const t = TAXONOMY_TEXTS.operatorsOnly;

/** What a member sees on an operators' screen: a plain explanation and a way on, never a broken page. */
export function OperatorsOnlyPage({ page }: { page: string }) {
  return (
    <div className="page page--narrow operators-only">
      <PageTitle page={page} />
      <h1 className="page__title">{page}</h1>
      <p className="form-info operators-only__message">{COMMON_TEXTS.operatorsOnly}</p>
      <p>{t.body}</p>
      <p>
        <Link to={PATHS.reports} className="button button--primary">
          {t.toReports}
        </Link>
      </p>
    </div>
  );
}
